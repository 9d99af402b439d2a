/* SPDX-License-Identifier: MIT */
/* Path containment: the file is opened as a path only (O_PATH: every symlink followed, nothing
 * opened, so no device is touched), /proc names what that is, a prefix check on whole components
 * decides, and only then is that same file opened for reading, through /proc: what is read is what
 * was checked. Without /proc: realpath, the check, then an open that follows no further symlink
 * (the inputs are files at rest, a snapshot or a checkout, so the window between the two is not
 * an attacker's to use). A fleet's snapshot is tens of thousands of files, and realpath asks the
 * kernel once per component of each. */
#include "util/path.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
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
	for (i = 0; i < r->nlinks_ok; i++)
		free(r->links_ok[i]);
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

enum fc_rc fc_roots_allow_links(struct fc_roots *r, const char *dir, struct fc_err *err)
{
	char *real;

	if (r->nlinks_ok == FC_MAX_ROOTS)
		return fc_err_set(err, FC_ERR_USAGE, dir, 0, "at most %d directories may be allowed", FC_MAX_ROOTS);
	if (!(real = realpath(dir, NULL)))
		return fc_err_set(err, FC_ERR_IO, dir, 0, "cannot resolve the directory: %s", strerror(errno));
	r->links_ok[r->nlinks_ok++] = real;
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

/* What fd is open on, by /proc, into real (size bytes); false when /proc does not say. */
static bool fd_path(int fd, char *real, size_t size)
{
	char proc[32];
	ssize_t n;

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	n = readlink(proc, real, size - 1);
	if (n <= 0 || (size_t)n >= size - 1 || real[0] != '/')
		return false;
	real[n] = '\0';
	return true;
}

/* Opens path for reading when it resolves inside one of r's roots and is a regular file of at
 * most max bytes: *fd, and its resolution in real. FC_ERR_INPUT (outside, not regular, too big)
 * or FC_ERR_IO in err, which names no file: the caller says what the path was for. */
static enum fc_rc open_inside(const struct fc_roots *r, const char *path, size_t max, int *fd, char *real,
			      size_t realsz, struct fc_err *err)
{
	enum fc_rc rc;
	int pfd = open(path, O_PATH | O_CLOEXEC);
	char *res = NULL, proc[32];
	size_t i;

	if (pfd >= 0 && !fd_path(pfd, real, realsz)) {   /* no /proc: resolve by name */
		close(pfd);
		pfd = -1;
		if (!(res = realpath(path, NULL)) || strlen(res) >= realsz) {
			rc = fc_err_set(err, FC_ERR_IO, NULL, 0, "cannot open: %s",
					res ? "path too long" : strerror(errno));
			free(res);
			return rc;
		}
		memcpy(real, res, strlen(res) + 1);
		free(res);
	} else if (pfd < 0) {
		return fc_err_set(err, FC_ERR_IO, NULL, 0, "cannot open: %s", strerror(errno));
	}
	for (i = 0; i < r->n && !under(r->dir[i], real); i++)
		;
	if (i == r->n) {
		if (pfd >= 0)
			close(pfd);
		return fc_err_set(err, FC_ERR_INPUT, NULL, 0, "resolves to %.200s, outside %s%s%.200s", real,
				  r->n ? r->label[0] : "every allowed directory", r->n ? " " : "",
				  r->n ? r->dir[0] : "");
	}
	if (pfd >= 0) {   /* the very file checked, and only a regular one: a device is never opened */
		if ((rc = fc_check_regular(pfd, real, max, err)) != FC_OK) {
			close(pfd);
			return rc;
		}
		snprintf(proc, sizeof(proc), "/proc/self/fd/%d", pfd);
		*fd = open(proc, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
		close(pfd);
	} else {
		*fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW | O_NOCTTY);
	}
	if (*fd < 0)
		return fc_err_set(err, FC_ERR_IO, NULL, 0, "cannot open: %s", strerror(errno));
	/* a hard link: the same file under another name, which may lie outside every root (a link
	 * to a file the input may not read); read only where the user named the place */
	{
		struct stat st;

		if (fstat(*fd, &st) != 0) {
			close(*fd);
			*fd = -1;
			return fc_err_set(err, FC_ERR_IO, NULL, 0, "cannot stat: %s", strerror(errno));
		}
		for (i = 0; st.st_nlink > 1 && i < r->nlinks_ok && !under(r->links_ok[i], real); i++)
			;
		if (st.st_nlink > 1 && i == r->nlinks_ok) {
			close(*fd);
			*fd = -1;
			return fc_err_set(err, FC_ERR_INPUT, NULL, 0, "has %lu hard links: another of its names may lie outside "
								     "%s, where fabcheck may not read (copy the file, or name "
								     "its directory with --allow-outside)",
					  (unsigned long)st.st_nlink, r->n ? r->label[0] : "every allowed directory");
		}
	}
	return FC_OK;
}

/* path (under dir unless absolute) opened as open_inside does: fc_read_inside's and
 * fc_input_inside's one way in. */
static enum fc_rc open_joined(const struct fc_roots *r, const char *dir, const char *path, size_t max, int *fd,
			      char *real, size_t realsz, struct fc_err *err)
{
	char joined[PATH_MAX];

	if (path[0] == '/' ? !fc_pathf(joined, sizeof(joined), "%s", path)
			   : !fc_pathf(joined, sizeof(joined), "%s/%s", dir, path))
		return fc_err_set(err, FC_ERR_INPUT, NULL, 0, "path too long");
	return open_inside(r, joined, max, fd, real, realsz, err);
}

enum fc_rc fc_read_inside(const struct fc_roots *r, const char *dir, const char *path, size_t max,
			  struct fc_buf *b, struct fc_err *err)
{
	char real[PATH_MAX];
	enum fc_rc rc;
	int fd = -1;

	fc_buf_init(b, max);
	if ((rc = open_joined(r, dir, path, max, &fd, real, sizeof(real), err)) != FC_OK)
		return rc;
	rc = fc_read_fd(fd, real, max, b, err);
	close(fd);
	return rc;
}

enum fc_rc fc_input_inside(const struct fc_roots *r, const char *dir, const char *path, size_t max,
			   struct fc_input *in, struct fc_err *err)
{
	char real[PATH_MAX];
	enum fc_rc rc;
	int fd = -1;

	memset(in, 0, sizeof(*in));
	if ((rc = open_joined(r, dir, path, max, &fd, real, sizeof(real), err)) != FC_OK)
		return rc;
	rc = fc_input_fd(fd, real, max, in, err);
	close(fd);
	return rc;
}

bool fc_dir_inside(const struct fc_roots *r, const char *dir, const char *path, char *real, size_t realsz,
		   struct fc_err *err)
{
	char joined[PATH_MAX], *res;
	size_t i;

	if (path[0] == '/' ? !fc_pathf(joined, sizeof(joined), "%s", path)
			   : !fc_pathf(joined, sizeof(joined), "%s/%s", dir, path)) {
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "path too long");
		return false;
	}
	if (!(res = realpath(joined, NULL))) {
		fc_err_set(err, FC_ERR_IO, NULL, 0, "cannot be resolved: %s", strerror(errno));
		return false;
	}
	for (i = 0; i < r->n && !under(r->dir[i], res); i++)
		;
	if (i == r->n)
		fc_err_set(err, FC_ERR_INPUT, NULL, 0, "resolves to %.200s, outside %s%s%.200s", res,
			   r->n ? r->label[0] : "every allowed directory", r->n ? " " : "", r->n ? r->dir[0] : "");
	else
		snprintf(real, realsz, "%s", res);
	free(res);
	return i < r->n;
}
