/* 256 classes, and the last one allocated: an object's class is one byte
 * of the state and 0xFF marks a free slot, so only the first MAXCLASSES
 * (255) classes and typedefs can be allocated with new. */
#define R4(M, x) M(x##0) M(x##1) M(x##2) M(x##3)
#define R16(M, x) R4(M, x##0) R4(M, x##1) R4(M, x##2) R4(M, x##3)
#define R64(M, x) R16(M, x##0) R16(M, x##1) R16(M, x##2) R16(M, x##3)
#define R256(M, x) R64(M, x##0) R64(M, x##1) R64(M, x##2) R64(M, x##3)
#define K(x) class k##x { byte f }
R256(K, a)
init {
	ka0000 ok;
	ka3333 r;
	ok = new ka0000;
	r = new ka3333
}
