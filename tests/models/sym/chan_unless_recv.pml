/* An unless escape takes priority over the statements it guards: while
 * Q's escape q?x cannot run, Q's body can; once P's send makes it
 * executable, Q's body is disabled.  So the escape's receive observes the
 * length of q and conflicts with P's send (reduce/por_chan.c: escapes are
 * tests).  Without that, static POR takes P's send alone first, Q always
 * escapes, and the assertion in Q's body, which the unreduced search
 * reaches, is never checked. */
chan q = [1] of { byte };
active proctype Q() { byte x; { skip; assert(false) } unless { q?x } }
active proctype P() { q!1 }
