/* SPDX-License-Identifier: MIT */
/* Root-prefixed reads of sysfs, configfs and procfs attributes. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "probe/probe.h"

bool fc_sys_read(const char *root, const char *path, char *buf, size_t size, char *why, size_t whysz)
{
	char full[4096];
	ssize_t n;
	int fd;

	if ((size_t)snprintf(full, sizeof(full), "%s%s", root, path) >= sizeof(full)) {
		snprintf(why, whysz, "%s: path too long", path);
		return false;
	}
	fd = open(full, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		snprintf(why, whysz, "%s: %s", path, errno == ENOENT ? "absent" : errno == EACCES ? "permission denied"
										   : strerror(errno));
		return false;
	}
	n = read(fd, buf, size - 1);
	if (n < 0) {
		/* e.g. an unset GID type reads as EINVAL; a directory as EISDIR */
		snprintf(why, whysz, "%s: not readable (%s)", path, strerror(errno));
		close(fd);
		return false;
	}
	close(fd);
	if ((size_t)n == size - 1) {
		/* like rdma-core's sysfs reader: a truncated attribute is refused, never half-used */
		snprintf(why, whysz, "%s: longer than %zu bytes", path, size - 2);
		return false;
	}
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return true;
}
