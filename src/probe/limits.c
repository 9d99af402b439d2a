/* SPDX-License-Identifier: MIT */
/* RLIMIT_MEMLOCK a named user's sessions get from pam_limits: /etc/security/limits.conf, then
 * /etc/security/limits.d/NAME.conf in name order. As pam_limits applies them: an entry for the user
 * beats one for a group it is in ("@group"), which beats "*"; between equal ones the later
 * wins. "soft" and "-" set the soft limit a session starts with. memlock is in KiB; "unlimited",
 * "infinity" and "-1" mean no limit. Group membership from <root>/etc/passwd and /etc/group. */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "probe/probe.h"
#include "util/buf.h"
#include "util/str.h"

enum { PRIO_NONE, PRIO_ALL, PRIO_GROUP, PRIO_USER };

/* Is user in group? (primary group from passwd, supplementary from group) */
static bool in_group(const char *root, const char *user, const char *group)
{
	char path[4096], line[1024];
	FILE *f;
	bool in = false;
	char gid[32] = "";

	snprintf(path, sizeof(path), "%s/etc/group", root);
	if (!(f = fopen(path, "r")))
		return false;
	while (!in && fgets(line, sizeof(line), f)) {
		/* name:x:gid:member,member -- fields may be empty, so split by hand */
		char *fld[4] = { line, NULL, NULL, NULL }, *m, *save = NULL;
		int k;

		line[strcspn(line, "\n")] = '\0';
		for (k = 1; k < 4 && fld[k - 1] && (fld[k] = strchr(fld[k - 1], ':')); k++)
			*fld[k]++ = '\0';
		if (!fld[2] || strcmp(fld[0], group))
			continue;
		snprintf(gid, sizeof(gid), "%s", fld[2]);
		for (m = fld[3] ? strtok_r(fld[3], ",", &save) : NULL; m && !in; m = strtok_r(NULL, ",", &save))
			in = !strcmp(m, user);
	}
	fclose(f);
	if (in || !gid[0])
		return in;
	snprintf(path, sizeof(path), "%s/etc/passwd", root);
	if (!(f = fopen(path, "r")))
		return false;
	while (!in && fgets(line, sizeof(line), f)) {
		/* name:x:uid:gid:... */
		char *fld[4] = { line, NULL, NULL, NULL };
		int k;

		for (k = 1; k < 4 && fld[k - 1] && (fld[k] = strchr(fld[k - 1], ':')); k++)
			*fld[k]++ = '\0';
		if (fld[3])
			fld[3][strcspn(fld[3], ":\n")] = '\0';
		in = fld[3] && !strcmp(fld[0], user) && !strcmp(fld[3], gid);
	}
	fclose(f);
	return in;
}

enum fc_rc fc_limits_text(const char *text, const char *file, const char *root, const char *user,
			  struct fc_memlock *st, char *why, size_t whysz)
{
	struct fc_lines it;
	char line[512];

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		char *w[5], *save = NULL, *tok;
		size_t n = it.len < sizeof(line) - 1 ? it.len : sizeof(line) - 1, k = 0;
		int prio;
		int64_t kib;

		memcpy(line, it.line, n);
		line[n] = '\0';
		line[strcspn(line, "#")] = '\0';
		for (tok = strtok_r(line, " \t", &save); tok && k < 5; tok = strtok_r(NULL, " \t", &save))
			w[k++] = tok;
		if (k == 0)
			continue;
		if (k != 4) {
			snprintf(why, whysz, "%s:%u: expected '<domain> <type> <item> <value>'", file, it.lineno);
			return FC_ERR_INPUT;
		}
		if (strcmp(w[2], "memlock") || (strcmp(w[1], "soft") && strcmp(w[1], "-")))
			continue;
		if (!strcmp(w[0], user))
			prio = PRIO_USER;
		else if (w[0][0] == '@' && in_group(root, user, w[0] + 1))
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
			snprintf(why, whysz, "%s:%u: memlock: expected KiB or unlimited, found '%.40s'", file, it.lineno, w[3]);
			return FC_ERR_INPUT;
		}
		st->prio = prio;
		snprintf(st->source, sizeof(st->source), "%s:%u", file, it.lineno);
	}
	return FC_OK;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

enum fc_rc fc_limits_memlock(const char *root, const char *user, struct fc_memlock *st, char *why, size_t whysz)
{
	static const char *const conf = "/etc/security/limits.conf", *const dir = "/etc/security/limits.d";
	char path[4096], rel[600];
	char *names[256];
	size_t nn = 0, i;
	struct fc_buf b;
	struct fc_err err;
	enum fc_rc rc = FC_OK;
	DIR *d;
	struct dirent *de;

	memset(st, 0, sizeof(*st));
	snprintf(path, sizeof(path), "%s%s", root, conf);
	fc_err_clear(&err);
	if (fc_read_file(path, 1u << 20, &b, &err) == FC_OK) {
		rc = fc_limits_text(b.data, conf, root, user, st, why, whysz);
		fc_buf_free(&b);
	}
	snprintf(path, sizeof(path), "%s%s", root, dir);
	if (rc == FC_OK && (d = opendir(path))) {
		while ((de = readdir(d)) && nn < 256) {
			size_t l = strlen(de->d_name);

			if (de->d_name[0] != '.' && l > 5 && !strcmp(de->d_name + l - 5, ".conf"))
				names[nn++] = strdup(de->d_name);
		}
		closedir(d);
		qsort(names, nn, sizeof(names[0]), cmp_str);
		for (i = 0; i < nn; i++) {
			if (rc == FC_OK && names[i]) {
				snprintf(rel, sizeof(rel), "%s/%.500s", dir, names[i]);
				snprintf(path, sizeof(path), "%s%s", root, rel);
				fc_err_clear(&err);
				if (fc_read_file(path, 1u << 20, &b, &err) == FC_OK) {
					rc = fc_limits_text(b.data, rel, root, user, st, why, whysz);
					fc_buf_free(&b);
				}
			}
			free(names[i]);
		}
	}
	if (rc == FC_OK && st->prio == PRIO_NONE) {
		snprintf(why, whysz, "no memlock entry for %s in limits.conf or limits.d: its sessions get the "
				     "service manager's default", user);
		return FC_ERR_UNSUPPORTED;
	}
	return rc;
}
