/* Leader election in a unidirectional ring [DKR82], the model from the
 * appendix of Holzmann & Peled, "An Improvement in Formal Verification"
 * (static partial order reduction paper), parameterized by the ring size:
 *   N  number of processes   (-DN=..., default 5 as in the paper)
 *   I  node with the smallest identifier (default 3; ids are 1..N)
 *   L  channel buffer size   (default 2*N, the paper uses L=10 for N=5)
 * The text is the paper's, only the #defines were made overridable
 * (the paper's OCR lost the blanks in "#define I 3" etc.), and the local
 * "active" was renamed "Active" (active is a keyword in current SPIN).
 */

#ifndef N
#define N 5	/* number of processes */
#endif
#ifndef I
#define I 3	/* The node to have smallest identifier */
#endif
#ifndef L
#define L (2*N)	/* size of message buffer */
#endif

mtype      = { first, second };

chan q[N] = [L] of {byte,byte};      /* global FIFO buffer */

proctype node(chan in, out; byte id)
{
  byte number, maxi=id, neighbourR;  /* local */
  bit Active=1;                      /* local */

  xr in; /* assert exclusive receive access to chan in */
  xs out; /* assert exclusive send access to chan out */

  out!first(id);
end: do
  /* repetition : valid end-state */
  :: in?first(number) ->
    if /* selection */
    :: Active ->
      if /* selection */
      :: number != maxi ->
        out!second(number);
        neighbourR = number
      :: number == maxi ->
        assert maxi == N
      fi
    :: !Active -> out!first(number)
    fi
  :: in?second(number) ->
    if /* selection */
    :: Active ->
      if /* selection */
      :: neighbourR > number && neighbourR > maxi ->
        maxi = neighbourR;
        out!first(neighbourR)
      :: !(neighbourR > number && neighbourR > maxi) ->
        Active = 0
      fi
    :: !Active -> out!second(number)
    fi
  od
}

init {
  byte n=1;          /* a local variable */
  atomic {          /* non-interleaved */
    do              /* repetition */
      :: n <= N ->
        run node(q[n-1], q[n%N], (N+I-n)%N+1);
        n = n+1
      :: n > N ->
        break /* end repetition */
    od
  }
}
