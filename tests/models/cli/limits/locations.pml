/* A proctype of more than 65535 locations: a process's pc is 16 bits. */
#define S1 if :: skip fi;
#define S2 S1 S1
#define S4 S2 S2
#define S8 S4 S4
#define S16 S8 S8
#define S32 S16 S16
#define S64 S32 S32
#define S128 S64 S64
#define S256 S128 S128
#define S512 S256 S256
#define S1K S512 S512
#define S2K S1K S1K
#define S4K S2K S2K
#define S8K S4K S4K
#define S16K S8K S8K
#define S32K S16K S16K
active proctype p() {
	S32K
	skip
}
