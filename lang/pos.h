/* pos.h — a place in the user's source: file, line and column (1-based;
 * line 0: the whole file). */
#ifndef DSPIN_POS_H
#define DSPIN_POS_H

typedef struct Pos { const char *file; int line, col; } Pos;

#endif
