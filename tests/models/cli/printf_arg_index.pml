/* printf's arguments are evaluated in a verification run too (pan's
 * generated code does): a[3] of a 2-element array is a run-time error
 * (pan: "invalid array index"); dspin used to skip printf, finding none */
byte a[2]; byte k;
active proctype P() {
  do
  :: k < 3 -> k++
  :: k == 3 -> break
  od;
  printf("%d\n", a[k])
}
