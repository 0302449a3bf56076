/* 255 active processes of p and init: 256 processes, at most MAXPROC = 255
 * (a state holds the number of processes in one byte). */
active [255] proctype p() { skip }
init { skip }
