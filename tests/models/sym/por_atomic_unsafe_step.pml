/* A move into an atomic sequence may stand for the whole expansion only
 * if every step of the sequence is safe where it is taken: the sequence
 * acts as one move of its process, and all of it must commute with the
 * other processes' moves.  P's first step x = 1 is private, but the
 * sequence goes on to read g.  Static POR must not take P's sequence
 * alone (reduce/layer_por.c, look_ahead); if it did, Q's g = 5 would only
 * ever run after P's assertion, and the violation would be missed. */
byte g;
active proctype Q() { g = 5 }
active proctype P() { byte x; atomic { x = 1; assert(g != 5) } }
