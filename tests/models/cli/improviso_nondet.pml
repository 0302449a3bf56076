/* Improviso without determinism (section 3.4): each process chooses a
 * local value, safe but with two moves enabled.  Twophase only runs a
 * process in phase 1 while exactly one of its moves is enabled, so every
 * state where the highest live process stands at its `if` is expanded
 * fully; Improviso explores both choices of that process in phase 1 and
 * expands fully only where the write to g comes.  Stored: unreduced 39,
 * -por=twophase 37, -por=improviso 29 (as -por=static). */
byte g;
active [2] proctype P() { byte a; if :: a = 1 :: a = 2 fi; g = a }
