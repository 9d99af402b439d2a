/* SPDX-License-Identifier: MIT */
/* Capped growable buffers and whole-file I/O. */
#include "util/buf.h"
#include "util/tmpfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

void fc_buf_init(struct fc_buf *b, size_t max)
{
	memset(b, 0, sizeof(*b));
	b->max = max;
}

void fc_buf_free(struct fc_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}

enum fc_rc fc_buf_add(struct fc_buf *b, const void *p, size_t n)
{
	if (n > b->max || b->len > b->max - n) {
		fc_buf_free(b);
		return FC_ERR_NOMEM;
	}
	if (b->len + n + 1 > b->cap) {
		size_t ncap = b->cap ? b->cap : 256;
		char *d;

		while (ncap < b->len + n + 1)
			ncap *= 2;
		d = realloc(b->data, ncap);
		if (!d) {
			fc_buf_free(b);
			return FC_ERR_NOMEM;
		}
		b->data = d;
		b->cap = ncap;
	}
	memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return FC_OK;
}

enum fc_rc fc_buf_reserve(struct fc_buf *b, size_t n)
{
	char *d;

	if (n + 1 <= b->cap)
		return FC_OK;
	if (n > b->max)
		return FC_ERR_NOMEM;
	if (!(d = realloc(b->data, n + 1)))
		return FC_ERR_NOMEM;
	if (!b->data)
		d[0] = '\0';
	b->data = d;
	b->cap = n + 1;
	return FC_OK;
}

enum fc_rc fc_buf_addf(struct fc_buf *b, const char *fmt, ...)
{
	char small[512];
	va_list ap;
	int n;
	enum fc_rc rc;
	char *big;

	va_start(ap, fmt);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	va_end(ap);
	if (n < 0)
		return FC_ERR_INTERNAL;
	if ((size_t)n < sizeof(small))
		return fc_buf_add(b, small, (size_t)n);
	big = malloc((size_t)n + 1);
	if (!big)
		return FC_ERR_NOMEM;
	va_start(ap, fmt);
	vsnprintf(big, (size_t)n + 1, fmt, ap);
	va_end(ap);
	rc = fc_buf_add(b, big, (size_t)n);
	free(big);
	return rc;
}

/* The refusals of fc_check_regular, on a stat already made (into *st). */
static enum fc_rc check_regular(int fd, const char *path, size_t max, struct stat *stp, struct fc_err *err)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return fc_err_set(err, FC_ERR_IO, path, 0, "cannot stat: %s", strerror(errno));
	*stp = st;
	/* Only regular files: a FIFO without a writer, a terminal or /dev/zero would hang or never end. */
	if (!S_ISREG(st.st_mode))
		return fc_err_set(err, FC_ERR_INPUT, path, 0, "is a %s, expected a regular file",
				  S_ISDIR(st.st_mode) ? "directory" : S_ISFIFO(st.st_mode) ? "FIFO"
				  : S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode) ? "device file"
				  : S_ISSOCK(st.st_mode) ? "socket" : "special file");
	/* Refused before a byte is read: a sparse 1 GB file costs nothing to make and much to read. */
	if ((uint64_t)st.st_size > max)
		return fc_err_set(err, FC_ERR_INPUT, path, 0, "file of %lld bytes is larger than the %zu allowed",
				  (long long)st.st_size, max);
	return FC_OK;
}

enum fc_rc fc_check_regular(int fd, const char *path, size_t max, struct fc_err *err)
{
	struct stat st;

	return check_regular(fd, path, max, &st, err);
}

enum fc_rc fc_read_fd(int fd, const char *path, size_t max, struct fc_buf *b, struct fc_err *err)
{
	ssize_t n;
	struct stat st;
	enum fc_rc rc;

	fc_buf_init(b, max);
	memset(&st, 0, sizeof(st));
	if ((rc = check_regular(fd, path, max, &st, err)) != FC_OK)
		return rc;
	/* straight into a buffer of the file's size (and a byte for its NUL): a snapshot is
	 * gigabytes, and a stack chunk copied into a buffer that doubled was three copies of each */
	if (st.st_size > 0 && fc_buf_reserve(b, (size_t)st.st_size) != FC_OK)
		return fc_err_set(err, FC_ERR_NOMEM, path, 0, "out of memory");
	for (;;) {
		if (b->len + 1 >= b->cap) {   /* the file grew (or stat said 0): more room, within the cap */
			if (b->len >= max)
				break;   /* whatever follows is refused below */
			if (fc_buf_reserve(b, b->len + (b->len < 65536 ? 65536 : b->len) > max ? max
							: b->len + (b->len < 65536 ? 65536 : b->len)) != FC_OK) {
				fc_buf_free(b);
				return fc_err_set(err, FC_ERR_NOMEM, path, 0, "out of memory");
			}
		}
		n = read(fd, b->data + b->len, b->cap - 1 - b->len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			fc_buf_free(b);
			return fc_err_set(err, FC_ERR_IO, path, 0, "read failed: %s", strerror(e));
		}
		if (n == 0)
			break;
		b->len += (size_t)n;
		b->data[b->len] = '\0';
	}
	/* the file may grow while it is read: the cap holds all the same */
	if (b->len >= max && b->len + 1 >= b->cap) {
		char c;

		while ((n = read(fd, &c, 1)) < 0 && errno == EINTR)
			;
		if (n > 0) {
			fc_buf_free(b);
			return fc_err_set(err, FC_ERR_INPUT, path, 0, "file larger than %zu bytes", max);
		}
	}
	if (!b->data && fc_buf_add(b, "", 0) != FC_OK)
		return fc_err_set(err, FC_ERR_NOMEM, path, 0, "out of memory");
	if (b->data)
		b->data[b->len] = '\0';
	return FC_OK;
}

enum fc_rc fc_read_file(const char *path, size_t max, struct fc_buf *b, struct fc_err *err)
{
	enum fc_rc rc;
	int fd;

	fc_buf_init(b, max);
	/* O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return fc_err_set(err, FC_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
	rc = fc_read_fd(fd, path, max, b, err);
	close(fd);
	return rc;
}

enum fc_rc fc_input_fd(int fd, const char *path, size_t max, struct fc_input *in, struct fc_err *err)
{
	long page = sysconf(_SC_PAGESIZE);
	struct stat st;
	enum fc_rc rc;
	void *p;

	memset(in, 0, sizeof(*in));
	fc_buf_init(&in->buf, max);
	if ((rc = check_regular(fd, path, max, &st, err)) != FC_OK)
		return rc;
	/* mapped when large and not a whole number of pages: the rest of its last page reads as
	 * zeros, the NUL after the text that a read would have added */
	if (page > 0 && (uint64_t)st.st_size >= FC_INPUT_MAP_MIN && st.st_size % page) {
		p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
		if (p != MAP_FAILED) {
			madvise(p, (size_t)st.st_size, MADV_SEQUENTIAL);
			in->map = p;
			in->maplen = (size_t)st.st_size;
			in->data = p;
			in->len = (size_t)st.st_size;
			return FC_OK;
		}
	}
	if ((rc = fc_read_fd(fd, path, max, &in->buf, err)) != FC_OK)
		return rc;
	in->data = in->buf.data;
	in->len = in->buf.len;
	return FC_OK;
}

enum fc_rc fc_input_file(const char *path, size_t max, struct fc_input *in, struct fc_err *err)
{
	enum fc_rc rc;
	int fd;

	memset(in, 0, sizeof(*in));
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	if (fd < 0)
		return fc_err_set(err, FC_ERR_IO, path, 0, "cannot open: %s", strerror(errno));
	rc = fc_input_fd(fd, path, max, in, err);
	close(fd);
	return rc;
}

void fc_input_free(struct fc_input *in)
{
	if (in->map)
		munmap(in->map, in->maplen);
	fc_buf_free(&in->buf);
	memset(in, 0, sizeof(*in));
}

enum fc_rc fc_write_file(const char *path, const void *data, size_t len, struct fc_err *err)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	const char *p = data;

	if (fd < 0)
		return fc_err_set(err, FC_ERR_IO, path, 0, "cannot create: %s", strerror(errno));
	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int e = errno;

			close(fd);
			return fc_err_set(err, FC_ERR_IO, path, 0, "write failed: %s", strerror(e));
		}
		p += n;
		len -= (size_t)n;
	}
	if (close(fd) != 0)
		return fc_err_set(err, FC_ERR_IO, path, 0, "cannot close: %s", strerror(errno));
	return FC_OK;
}

enum fc_rc fc_write_file_atomic(const char *path, const void *data, size_t len, struct fc_err *err)
{
	char tmp[4200];
	int fd = fc_tmp_create(path, tmp, sizeof(tmp), err);
	const char *p = data;

	if (fd < 0)
		return err ? err->rc : FC_ERR_IO;
	while (len > 0) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int e = errno;

			close(fd);
			fc_tmp_discard(tmp);
			return fc_err_set(err, FC_ERR_IO, path, 0, "write failed: %s", strerror(e));
		}
		p += n;
		len -= (size_t)n;
	}
	if (fsync(fd) != 0 || close(fd) != 0) {
		fc_tmp_discard(tmp);
		return fc_err_set(err, FC_ERR_IO, path, 0, "cannot flush: %s", strerror(errno));
	}
	return fc_tmp_commit(tmp, path, err);
}

bool fc_pathf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= size) {
		if (size)
			buf[0] = '\0';
		return false;
	}
	return true;
}
