/* A channel whose buffer alone is larger than a state vector block:
 * 255 messages of 64 ints = 65280 bytes (at most 60000). */
#define I4 int, int, int, int
#define I16 I4, I4, I4, I4
chan c = [255] of { I16, I16, I16, I16 };
init { skip }
