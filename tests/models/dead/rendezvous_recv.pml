/* -deadvars: a rendezvous receive defines the receiver's local, which the
 * receiver then reads; the sender's local is read by the send.  SPIN:
 * assertion violated. */
chan r = [0] of { byte };
active proctype A() { byte a = 3; r!a; a = 0 }
active proctype B() { byte b; r?b; assert(b != 3) }
