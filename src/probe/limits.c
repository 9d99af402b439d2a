/* SPDX-License-Identifier: MIT */
/* RLIMIT_MEMLOCK a named user's sessions get from pam_limits: /etc/security/limits.conf, then
 * /etc/security/limits.d/NAME.conf in name order. As pam_limits applies them: an entry for the user
 * beats one for a group it is in ("@group"), which beats "*"; between equal ones the later
 * wins. "soft" and "-" set the soft limit a session starts with. memlock is in KiB; "unlimited",
 * "infinity" and "-1" mean no limit. Group membership from /etc/passwd and /etc/group. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/fs.h"
#include "probe/probe.h"
#include "util/buf.h"
#include "util/str.h"

enum { PRIO_NONE, PRIO_ALL, PRIO_GROUP, PRIO_USER };

/* The fields of one line of a colon-separated file (passwd, group): at most 4, split by hand
 * because fields may be empty. */
static size_t fields(char *line, char *fld[4])
{
	size_t k;

	fld[0] = line;
	for (k = 1; k < 4 && (fld[k] = strchr(fld[k - 1], ':')); k++)
		*fld[k]++ = '\0';
	return k;
}

/* Is user in group? (primary group from passwd, supplementary from group) */
static bool in_group(const struct fc_fs *fs, const char *user, const char *group)
{
	struct fc_buf b;
	struct fc_lines it;
	char gid[32] = "";
	bool in = false;

	if (!fc_fs_read(fs, "/etc/group", 64u << 20, &b, NULL))
		return false;
	fc_lines_init(&it, b.data);
	while (!in && fc_lines_next(&it)) {
		/* name:x:gid:member,member */
		char *line = strndup(it.line, it.len), *fld[4] = { NULL, NULL, NULL, NULL }, *m, *save = NULL;

		if (!line)
			break;
		if (fields(line, fld) == 4 && !strcmp(fld[0], group)) {
			snprintf(gid, sizeof(gid), "%s", fld[2]);
			for (m = strtok_r(fld[3], ",", &save); m && !in; m = strtok_r(NULL, ",", &save))
				in = !strcmp(m, user);
		}
		free(line);
	}
	fc_buf_free(&b);
	if (in || !gid[0] || !fc_fs_read(fs, "/etc/passwd", 64u << 20, &b, NULL))
		return in;
	fc_lines_init(&it, b.data);
	while (!in && fc_lines_next(&it)) {
		/* name:x:uid:gid:... */
		char *line = strndup(it.line, it.len), *fld[4] = { NULL, NULL, NULL, NULL };

		if (!line)
			break;
		if (fields(line, fld) == 4) {
			fld[3][strcspn(fld[3], ":")] = '\0';
			in = !strcmp(fld[0], user) && !strcmp(fld[3], gid);
		}
		free(line);
	}
	fc_buf_free(&b);
	return in;
}

enum fc_rc fc_limits_text(const char *text, const char *file, const struct fc_fs *fs, const char *user,
			  struct fc_memlock *st, struct fc_err *err)
{
	struct fc_lines it;
	char *line = NULL;
	enum fc_rc rc = FC_OK;

	fc_lines_init(&it, text);
	while (rc == FC_OK && fc_lines_next(&it)) {
		char *w[5], *save = NULL, *tok;
		size_t k = 0;
		int prio;
		int64_t kib;

		free(line);
		if (!(line = strndup(it.line, it.len))) {
			return fc_err_set(err, FC_ERR_NOMEM, NULL, 0, "out of memory");
		}
		line[strcspn(line, "#")] = '\0';
		for (tok = strtok_r(line, " \t", &save); tok && k < 5; tok = strtok_r(NULL, " \t", &save))
			w[k++] = tok;
		if (k == 0)
			continue;
		if (k != 4) {
			rc = fc_err_set(err, FC_ERR_INPUT, file, it.lineno,
					"expected '<domain> <type> <item> <value>'");
			break;
		}
		if (strcmp(w[2], "memlock") || (strcmp(w[1], "soft") && strcmp(w[1], "-")))
			continue;
		if (!strcmp(w[0], user))
			prio = PRIO_USER;
		else if (w[0][0] == '@' && in_group(fs, user, w[0] + 1))
			prio = PRIO_GROUP;
		else if (!strcmp(w[0], "*"))
			prio = PRIO_ALL;
		else
			continue;   /* another user, a group the user is not in, or a uid/gid range */
		if (prio < st->prio)
			continue;
		if (!strcmp(w[3], "unlimited") || !strcmp(w[3], "infinity") || !strcmp(w[3], "-1")) {
			st->bytes = -1;
		} else if (fc_parse_i64(w[3], 0, INT64_MAX / 1024, &kib)) {
			st->bytes = kib * 1024;
		} else {
			rc = fc_err_set(err, FC_ERR_INPUT, file, it.lineno,
					"memlock: expected KiB or unlimited, found '%.40s'", w[3]);
			break;
		}
		st->prio = prio;
		snprintf(st->source, sizeof(st->source), "%s:%u", file, it.lineno);
	}
	free(line);
	return rc;
}

enum fc_rc fc_limits_memlock(const struct fc_fs *fs, const char *user, struct fc_memlock *st, struct fc_err *err)
{
	static const char *const conf = "/etc/security/limits.conf", *const dir = "/etc/security/limits.d";
	char rel[600];
	char **names;
	size_t nn = 0, i;
	struct fc_buf b;
	enum fc_rc rc = FC_OK;

	memset(st, 0, sizeof(*st));
	if (fc_fs_read(fs, conf, 1u << 20, &b, NULL)) {
		rc = fc_limits_text(b.data, conf, fs, user, st, err);
		fc_buf_free(&b);
	}
	/* pam_limits reads limits.d/\*.conf in name order: the list comes sorted */
	names = fc_fs_list(fs, dir, &nn);
	for (i = 0; rc == FC_OK && names && i < nn; i++) {
		size_t l = strlen(names[i]);

		if (l <= 5 || strcmp(names[i] + l - 5, ".conf") || !fc_pathf(rel, sizeof(rel), "%s/%s", dir, names[i]))
			continue;
		if (fc_fs_read(fs, rel, 1u << 20, &b, NULL)) {
			rc = fc_limits_text(b.data, rel, fs, user, st, err);
			fc_buf_free(&b);
		}
	}
	fc_fs_list_free(names, nn);
	if (rc == FC_OK && st->prio == PRIO_NONE)
		return fc_err_set(err, FC_ERR_UNSUPPORTED, NULL, 0,
				  "no memlock entry for %s in limits.conf or limits.d: its "
				  "sessions get the service manager's default", user);
	return rc;
}
