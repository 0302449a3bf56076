/* corner: several named never claims and an ltl formula (SPIN 6: pan -N
 * NAME chooses one, -DNOCLAIM drops them all). The LIST runs it with
 * -noclaim, -N small, -N big and -N le4, and without: the first claim.
 * In the safety search a claim runs in lockstep; none is violated here,
 * so the counts show which one ran. */
byte x;
active [2] proctype p() { do :: x < 4 -> x++ :: x > 0 -> x-- :: break od }
never small { do :: x <= 4 od }
never big { L: if :: x <= 2 -> goto L :: x >= 2 -> goto M fi; M: do :: x <= 4 od }
ltl le4 { [] (x <= 4) }
