byte x;
#include "inc_bad.h"
active proctype p() { x = 1 }
