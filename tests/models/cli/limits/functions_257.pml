/* 257 functions: a call frame names its function in one byte (MAXTYPES = 256). */
#define R4(M, x) M(x##0) M(x##1) M(x##2) M(x##3)
#define R16(M, x) R4(M, x##0) R4(M, x##1) R4(M, x##2) R4(M, x##3)
#define R64(M, x) R16(M, x##0) R16(M, x##1) R16(M, x##2) R16(M, x##3)
#define R256(M, x) R64(M, x##0) R64(M, x##1) R64(M, x##2) R64(M, x##3)
#define F(x) int f##x() { return 1 }
R256(F, a)
int extra() { return 2 }
init { skip }
