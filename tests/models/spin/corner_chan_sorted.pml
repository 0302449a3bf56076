/* corner: sorted send (!!) keeps the buffer ordered, random receive (??)
 * takes the first matching message anywhere in the buffer. */
chan s = [3] of { byte };
chan r = [3] of { byte, byte };

active proctype P()
{
	byte x, y;
	if
	:: s!!5; s!!2; s!!7
	:: s!!7; s!!5; s!!2
	:: s!!2; s!!2; s!!1
	fi;
	s?x; s?y;
	assert(x <= y);
	r!1,10; r!2,20; r!1,30;
	if
	:: r??2,y -> assert(y == 20)
	:: r??1,y -> assert(y == 10)
	:: r??x,y -> assert(x == 1 && y == 10)	/* ?? with variables: first message */
	fi;
	r??1,x;
	assert(x == 10 || x == 30);
	assert(len(r) == 1)
}
