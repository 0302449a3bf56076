/* json.c — JSON strings for the report's page.  The document sits inside
 * a <script> element, so '<' is escaped too: no text from the model (a
 * statement `a</script>`, a source comment) can end the element early. */
#include "report.h"

void json_text(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch == '\n')
			fputs("\\n", f);
		else if (ch < 32 || ch == '<')
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}
