/* bench/broad: a round-robin scheduler handing a CPU token to tasks
 * through a run queue (a buffered channel); each task computes a few
 * steps on its own counters while it holds the token, may block on a
 * shared resource (a semaphore), and yields back; a device per task
 * raises interrupts at any time.  Processes, channels
 * and arrays together.  Written for bench/broad.sh (issue 16, item 4). */
#ifndef NT
#define NT 4
#endif
chan runq = [NT] of { byte };
chan go[NT] = [0] of { bit };
chan yield = [0] of { byte };
byte sem = 1;
byte work[NT];
byte done;
bit irq[NT];

/* a device per task raises its interrupt whenever it is clear */
proctype device(byte id)
{
	do
	:: atomic { irq[id] == 0 -> irq[id] = 1 }
	od
}

proctype task(byte id)
{
	do
	:: go[id]?1 ->
		if
		:: irq[id] -> irq[id] = 0; work[id] = (work[id] + 1) % 3
		:: else -> work[id] = (work[id] + 2) % 3
		fi;
		if
		:: work[id] == 0 -> atomic { sem > 0 -> sem-- }; done++; sem++
		:: else -> skip
		fi;
		yield!id
	od
}

active proctype scheduler()
{
	byte t;
	atomic {
		for (t : 0 .. NT-1) { run task(t); run device(t); runq!t }
	};
	do
	:: runq?t -> go[t]!1; yield?t; runq!t; done = done % 4
	od
}
