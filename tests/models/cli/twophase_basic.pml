/* basic.pr of the PV paper (Fig. 5).  Hand count for -por=twophase
 * -cache=all: 768 states.
 *   s0: init about to run P; init's run is not safe, so phase 2 stores s0.
 *   init runs P: phase 1 runs P's x++ (a byte: 256 values) back to x=0;
 *     phase 2 stores those 256 states; P's successor x=1 is stored.
 *   init runs Q: phase 1 runs Q (higher pid) through 256 values of y, back
 *     to y=0, then P through the other 255 values of x; phase 2 stores
 *     256 + 255 = 511 states; the successors (x=1,y=0) and (x=0,y=1) are
 *     in the list.
 *   1 + 256 + 511 = 768.  Unreduced and the in-stack proviso (-por=static,
 *   as SPIN): 65,793, which is also SPIN's number in the paper.
 * (PV's own count in the paper is 1,020; its init differs.) */
proctype P() { byte x; do :: x++ od }
proctype Q() { byte y; do :: y++ od }
init { run P(); run Q() }
