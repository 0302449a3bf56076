/* labels and d_step: an end label on a d_step whose guard blocks (a valid
 * end state), a progress label on a d_step, labels inside a d_step with
 * gotos that stay inside it (a loop in one step), a label on a do that
 * opens a d_step */
byte x, y, z;
active proctype p()
{ progress: d_step { x < 3 -> x++ };
  d_step { y = 0; B: y++; if :: y < x -> goto B :: else fi; C: z = z + y; if :: z < 4 -> goto C :: else fi };
  d_step { L: do :: z > 2 -> z-- :: else -> break od };
  end: d_step { x == 5 -> x = 0 }
}
active proctype q()
{ do :: x > 0 && x < 3 -> x-- :: y > 1 -> break od; x = 5 }
