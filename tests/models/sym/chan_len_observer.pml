/* A third process tests the channel's length: the sender's and the
 * receiver's steps are visible to it, so they are not safe. */
chan q = [2] of { byte };
active proctype S() { q!1; q!2 }
active proctype R() { byte x; q?x; q?x }
active proctype T() { assert(len(q) != 1) }
