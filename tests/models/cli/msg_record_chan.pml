/* a typedef that declares a channel cannot be a message field */
typedef R { byte b; chan c = [1] of { bit } };
active proctype p() {
	chan q = [1] of { R };
	skip
}
