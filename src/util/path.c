/* SPDX-License-Identifier: MIT */
/* Path containment: realpath, a prefix check on whole components, then an open that follows no
 * further symlink. The inputs are files at rest (a snapshot, a repository checkout), so the
 * window between the check and the open is not an attacker's to use. */
#include "util/path.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void fc_roots_init(struct fc_roots *r)
{
	memset(r, 0, sizeof(*r));
}

void fc_roots_free(struct fc_roots *r)
{
	size_t i;

	for (i = 0; i < r->n; i++)
		free(r->dir[i]);
	fc_roots_init(r);
}

enum fc_rc fc_roots_add(struct fc_roots *r, const char *dir, const char *label, struct fc_err *err)
{
	char *real;

	if (r->n == FC_MAX_ROOTS)
		return fc_err_set(err, FC_ERR_USAGE, dir, 0, "at most %d directories may be allowed", FC_MAX_ROOTS);
	real = realpath(dir, NULL);
	if (!real)
		return fc_err_set(err, FC_ERR_IO, dir, 0, "cannot resolve the directory: %s", strerror(errno));
	r->dir[r->n] = real;
	r->label[r->n] = label;
	r->n++;
	return FC_OK;
}

/* real lies in root: equal, or root followed by '/' ("/" holds every absolute path). */
static bool under(const char *root, const char *real)
{
	size_t n = strlen(root);

	if (n == 1 && root[0] == '/')
		return true;
	return !strncmp(root, real, n) && (real[n] == '\0' || real[n] == '/');
}

enum fc_rc fc_read_inside(const struct fc_roots *r, const char *dir, const char *path, size_t max,
			  struct fc_buf *b, char *why, size_t whysz)
{
	char joined[PATH_MAX], *real;
	struct fc_err err;
	enum fc_rc rc;
	size_t i;
	int fd;

	fc_buf_init(b, max);
	if (path[0] == '/' ? !fc_pathf(joined, sizeof(joined), "%s", path)
			   : !fc_pathf(joined, sizeof(joined), "%s/%s", dir, path)) {
		snprintf(why, whysz, "path too long");
		return FC_ERR_INPUT;
	}
	real = realpath(joined, NULL);
	if (!real) {
		snprintf(why, whysz, "cannot open: %s", strerror(errno));
		return FC_ERR_IO;
	}
	for (i = 0; i < r->n && !under(r->dir[i], real); i++)
		;
	if (i == r->n) {
		snprintf(why, whysz, "resolves to %.600s, outside %s%s%.600s", real, r->n ? r->label[0] : "every allowed directory",
			 r->n ? " " : "", r->n ? r->dir[0] : "");
		free(real);
		return FC_ERR_INPUT;
	}
	fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY);
	if (fd < 0) {
		snprintf(why, whysz, "cannot open: %s", strerror(errno));
		free(real);
		return FC_ERR_IO;
	}
	fc_err_clear(&err);
	rc = fc_read_fd(fd, real, max, b, &err);
	close(fd);
	free(real);
	if (rc != FC_OK)
		snprintf(why, whysz, "%s", err.msg);
	return rc;
}

bool fc_dir_inside(const struct fc_roots *r, const char *dir, const char *path, char *real, size_t realsz, char *why,
		   size_t whysz)
{
	char joined[PATH_MAX], *res;
	size_t i;

	if (path[0] == '/' ? !fc_pathf(joined, sizeof(joined), "%s", path)
			   : !fc_pathf(joined, sizeof(joined), "%s/%s", dir, path)) {
		snprintf(why, whysz, "path too long");
		return false;
	}
	if (!(res = realpath(joined, NULL))) {
		snprintf(why, whysz, "cannot be resolved: %s", strerror(errno));
		return false;
	}
	for (i = 0; i < r->n && !under(r->dir[i], res); i++)
		;
	if (i == r->n)
		snprintf(why, whysz, "resolves to %.600s, outside %s%s%.600s", res, r->n ? r->label[0] : "every allowed directory",
			 r->n ? " " : "", r->n ? r->dir[0] : "");
	else
		snprintf(real, realsz, "%s", res);
	free(res);
	return i < r->n;
}
