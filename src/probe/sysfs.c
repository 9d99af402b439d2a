/* SPDX-License-Identifier: MIT */
/* Reads of sysfs, configfs and procfs attributes through the probe's file access (fs.h). */
#include <stdio.h>
#include <string.h>

#include "probe/fs.h"
#include "probe/probe.h"

/* The attribute in b into buf (size bytes), trailing newline and blanks dropped; frees b. */
static void take_attr(struct fc_buf *b, char *buf)
{
	size_t n = b->len;

	memcpy(buf, b->data, n);
	buf[n] = '\0';
	fc_buf_free(b);
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' ' || buf[n - 1] == '\r'))
		buf[--n] = '\0';
}

bool fc_sys_read(const struct fc_fs *fs, const char *path, char *buf, size_t size, struct fc_err *err)
{
	struct fc_buf b;

	/* like rdma-core's sysfs reader: a truncated attribute is refused, never half-used */
	if (!fc_fs_read(fs, path, size - 2, &b, err))
		return false;
	take_attr(&b, buf);
	return true;
}

bool fc_sys_read_at(const struct fc_fs_dir *d, const char *name, char *buf, size_t size, struct fc_err *err)
{
	struct fc_buf b;

	if (!fc_fs_dir_read(d, name, size - 2, &b, err))
		return false;
	take_attr(&b, buf);
	return true;
}
