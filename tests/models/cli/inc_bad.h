/* included by include_error.pml; the error is on line 3 of this file */
byte y;
byte = 3;
