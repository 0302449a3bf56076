/* corner: d_step sequences (one indivisible transition, deterministic,
 * with an internal loop and if/else); contrast with the same code outside */
byte v[4], sum, j;

active proctype Fill()
{
	byte i;
	d_step {
		i = 0;
		do
		:: i < 4 -> v[i] = i * 3; i++
		:: else -> break
		od;
		i = 0
	};
	do
	:: j < 4 -> j++
	:: j == 4 -> break
	od
}

active proctype Sum()
{
	byte k;
	d_step {
		j == 4 ->
		k = 0; sum = 0;
		do
		:: k < 4 -> sum = sum + v[k]; k++
		:: else -> break
		od
	};
	assert(sum == 18)
}

active proctype Noise()
{
	byte n;
	do
	:: d_step { n < 3 -> n++; if :: n == 2 -> n = 3 :: else fi }
	:: n >= 3 -> break
	od
}
