/* The active process's locals do not fit in the state vector.  SPIN 6.5.2's
 * pan reports "VECTORSZ too small".  dspin must report an error; it must
 * not silently start without the process (which gives 1 state, 0 errors). */
active proctype p() { byte l[65535]; l[0] = 1 }
