/* The ignoring problem through an atomic sequence: P loops on a private
 * atomic sequence that ends in the state it started from.  States inside
 * the sequence are not stored, so the proviso must be asked about the
 * state where the sequence ends (reduce/layer_por.c, look_ahead), not
 * about the state inside it.  Without that, static POR would expand only
 * P in the initial state forever and Q's assertion would never run.
 * (Compare por_ignoring.pml, the same without the atomic sequence.) */
active proctype Q() { assert(false) }
active proctype P() { byte x; do :: atomic { x = 1; x = 0 } od }
