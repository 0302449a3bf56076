/* #if without an expression: cpp fails, and dspin says so with exit 2
 * (it used to exit from inside the front end). */
#if
init { skip }
#endif
