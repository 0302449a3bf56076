/* The globals alone (65534 bytes + the 2-byte header) do not fit in
 * dspin's MAXSTATE (65535) state buffer.  SPIN 6.5.2's pan reports
 * "VECTORSZ too small".  dspin must report an error, not overflow the
 * buffer (vm_initial, vm/state.c: memset(buf, 0, GOFF + m->globsize)). */
byte a[65534];
active proctype p() { a[0] = 1 }
