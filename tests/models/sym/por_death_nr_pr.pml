/* A death lowers _nr_pr, so it is dependent with every read of _nr_pr
 * but a guard that waits for its process to be alone (which the death
 * can only enable).  Q's assertion reads _nr_pr while P is alive in some
 * interleavings: static POR may not take P's death alone before it
 * (reduce/por.c, t->death needs !nr_disabled); if it did, Q would only
 * ever see one process and the violation would be missed. */
active proctype Q() { assert(_nr_pr == 1) }
active proctype P() { skip }
