/* grow.c — search/grow.h: an array grows by doubling from its first size
 * until it holds what is needed, keeps its contents, and a size that
 * cannot be had leaves it as it was. */
#include <criterion/criterion.h>
#include <stdint.h>
#include "../../search/grow.h"

Test(grow, doubles_from_first_and_keeps_contents)
{
	int *a = NULL;
	size_t cap = 0;
	cr_assert_eq(grow_to(&a, &cap, 1, sizeof *a, 16), 0);
	cr_assert_eq(cap, 16);
	for (int i = 0; i < 16; i++) a[i] = i * 7;
	cr_assert_eq(grow_to(&a, &cap, 16, sizeof *a, 16), 0);
	cr_assert_eq(cap, 16, "no growth when it fits");
	cr_assert_eq(grow_to(&a, &cap, 100, sizeof *a, 16), 0);
	cr_assert_eq(cap, 128, "16 doubled until 100 fit: 128, got %zu", cap);
	for (int i = 0; i < 16; i++) cr_assert_eq(a[i], i * 7);
	free(a);
}

Test(grow, refuses_a_size_that_overflows)
{
	char *a = NULL;
	size_t cap = 0;
	cr_assert_eq(grow_to(&a, &cap, 8, 1, 8), 0);
	a[0] = 'x';
	cr_assert_eq(grow_to(&a, &cap, SIZE_MAX / 2 + 2, 4, 8), -1);
	cr_assert_eq(cap, 8, "unchanged after a failure");
	cr_assert_eq(a[0], 'x');
	free(a);
}
