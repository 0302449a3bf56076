/* tests/models/dyn/class_field_init.dpml without `new`, for pan: the
 * heap is an array of the class's fields as a typedef, pre-initialised
 * (no field is written, so an object that exists from the start reads as
 * one made by `new`), and `ga = new O` is one d_step taking the next slot,
 * as dspin's next-free allocation numbers slots.  pan's count here is
 * dspin's -sym=none count there (20); both must hold every assertion. */
typedef O { byte v = 2; bool on = true; byte link = 0; byte a[2] = 7 };
O heap[2];
byte nslot;
byte ga, gb;
active proctype A() {
	d_step { nslot++; ga = nslot };
	assert(heap[ga-1].v == 2 && heap[ga-1].on && heap[ga-1].link == 0 && heap[ga-1].a[0] == 7 && heap[ga-1].a[1] == 7)
}
active proctype B() {
	d_step { nslot++; gb = nslot };
	assert(heap[gb-1].v == 2 && heap[gb-1].on && heap[gb-1].a[1] == 7)
}
