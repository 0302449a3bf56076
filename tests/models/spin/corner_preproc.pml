/* corner: preprocessing: #define with and without arguments, #if / #ifdef
 * / #else / #endif, and a value overridable from the command line
 * (listed in LIST with and without -DK=...). */
#ifndef K
#define K 2
#endif
#define SQ(x)	((x) * (x))
#define BUMP(v)	v = v + 1
#define USE_B	1

byte x, y;

active proctype P()
{
#if K > 2
	byte i;
	do
	:: i < K -> i++; BUMP(x)
	:: i == K -> break
	od
#else
	BUMP(x);
	BUMP(x)
#endif
	;
	assert(x == K || K < 2)
}

#ifdef USE_B
active proctype B()
{
	y = SQ(K + 1);
	assert(y == (K + 1) * (K + 1))
#if defined(NOT_DEFINED)
	; y = 0
#endif
}
#endif
