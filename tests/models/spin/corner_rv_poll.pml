/* Polling a rendezvous channel is an error (pan: "error to poll
 * rendezvous channel"); dspin took the poll as false until 2026-11-28
 * (here a valid end state, no error) */
chan r = [0] of { byte };
byte y;
active proctype A() { byte v; end: r?[v] -> y = 2 }
active proctype B() { end: r!1 }
