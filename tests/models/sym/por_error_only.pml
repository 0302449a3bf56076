/* Found by review (2026-11-27).  P's only move here divides by zero.
 * With a claim, the reduction took P's move alone (its successor is off
 * the stack), though it leads nowhere: a dead end where Q goes on.  With
 * -e the acceptance cycle of Q's moves then went unreported (only the
 * division by zero).  liveness_tests.sh checks -a -e reports both kinds,
 * reduced or not (pan has no division-by-zero check, so the model is
 * not in the pan-compared liveness corpus). */
byte x;
active proctype Q() { do :: x = 1; x = 0 od }
active proctype P() { byte a, z; a = 4; a = a / z }
ltl { <>[] (x == 0) || <>[] (x == 1) }
