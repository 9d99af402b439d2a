/* SPDX-License-Identifier: MIT */
/* Credentials: a password file or user name that does not fit is refused naming the inventory
 * line, never cut; a password file holds one line; it must be a regular 0600 file of the user. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "inventory/inventory.h"
#include "transport/cred.h"

static char dir[] = "/tmp/fabcheck-cred-XXXXXX";

static void put(const char *name, const char *text, mode_t mode)
{
	char p[256];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "w");
	assert_non_null(f);
	fputs(text, f);
	fclose(f);
	assert_int_equal(chmod(p, mode), 0);
}

/* Loads an inventory with one credential "c" (fields as YAML flow text) and resolves it. */
static enum fc_rc load(const char *cred, struct fc_secret *s, struct fc_err *err)
{
	char inv[2048], p[256];
	struct fc_inventory *i = NULL;
	enum fc_rc rc;

	snprintf(inv, sizeof(inv), "version: 1\ncredentials:\n  c: {%s}\ndevices:\n  - {name: sw, platform: nxos, credential: c}\n",
		 cred);
	snprintf(p, sizeof(p), "%s/inv.yaml", dir);
	fc_err_clear(err);
	assert_int_equal(fc_inventory_parse(p, inv, strlen(inv), &i, err), FC_OK);
	rc = fc_secret_load(i, &i->devices[0], s, err);
	fc_inventory_free(&i);
	return rc;
}

static void long_password_file(void **state)
{
	char pw[1100];
	struct fc_secret s;
	struct fc_err err;

	(void)state;
	memset(pw, 'p', 300);
	pw[300] = '\n';
	pw[301] = '\0';
	put("pw300", pw, 0600);
	assert_int_equal(load("username: admin, password_file: pw300", &s, &err), FC_OK);
	assert_int_equal(strlen(s.password), 300);   /* was cut at 255 */
	fc_secret_wipe(&s);
	memset(pw, 'p', 1050);
	pw[1050] = '\0';
	put("pw1050", pw, 0600);
	assert_int_equal(load("username: admin, password_file: pw1050", &s, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "must hold one line of at most 1022 bytes"));
	assert_int_equal(err.line, 3);
	assert_string_equal(s.password, "");
}

static void password_file_lines(void **state)
{
	struct fc_secret s;
	struct fc_err err;

	(void)state;
	put("crlf", "secret\r\n", 0600);
	assert_int_equal(load("username: admin, password_file: crlf", &s, &err), FC_OK);
	assert_string_equal(s.password, "secret");
	put("two", "secret\nsomething else\n", 0600);
	assert_int_equal(load("username: admin, password_file: two", &s, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "one line"));
	put("open", "secret\n", 0644);
	assert_int_equal(load("username: admin, password_file: open", &s, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "mode 0600"));
	{
		char p[256];

		snprintf(p, sizeof(p), "%s/fifo", dir);
		assert_int_equal(mkfifo(p, 0600), 0);
		/* refused, not waited on: a FIFO without a writer would block the open */
		assert_int_equal(load("username: admin, password_file: fifo", &s, &err), FC_ERR_INPUT);
		assert_non_null(strstr(err.msg, "regular file"));
	}
}

static void long_user(void **state)
{
	char cred[600];
	struct fc_secret s;
	struct fc_err err;

	(void)state;
	put("pw", "x\n", 0600);
	snprintf(cred, sizeof(cred), "username: %0200d, password_file: pw", 7);
	assert_int_equal(load(cred, &s, &err), FC_OK);
	assert_int_equal(strlen(s.user), 200);   /* was cut at 127 */
	snprintf(cred, sizeof(cred), "username: %0300d, password_file: pw", 7);
	assert_int_equal(load(cred, &s, &err), FC_ERR_INPUT);
	assert_non_null(strstr(err.msg, "username must be 1 to 255 characters"));
	assert_int_equal(err.line, 3);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(long_password_file),
		cmocka_unit_test(password_file_lines),
		cmocka_unit_test(long_user),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
