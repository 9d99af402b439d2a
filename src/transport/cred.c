/* SPDX-License-Identifier: MIT */
/* Credential resolution. */
#include "transport/cred.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

void fc_secret_wipe(struct fc_secret *s)
{
	explicit_bzero(s->password, sizeof(s->password));
}

static const struct fc_inv_credential *find(const struct fc_inventory *inv, const char *name)
{
	size_t i;

	for (i = 0; i < inv->ncreds; i++)
		if (!strcmp(inv->creds[i].name, name))
			return &inv->creds[i];
	return NULL;
}

static enum fc_rc from_file(const struct fc_inventory *inv, const struct fc_inv_credential *c, struct fc_secret *s,
			    struct fc_err *err)
{
	char path[4096];
	struct stat st;
	ssize_t n;
	size_t len;
	const char *rest;
	int fd;

	if (c->password_file[0] == '/')
		snprintf(path, sizeof(path), "%s", c->password_file);
	else
		snprintf(path, sizeof(path), "%s/%s", inv->dir, c->password_file);
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
	if (fd < 0)
		return fc_err_set(err, FC_ERR_INPUT, inv->path, c->line, "credential '%s': cannot open password_file %s: %s",
				  c->name, path, strerror(errno));
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 077) || st.st_uid != geteuid()) {
		close(fd);
		return fc_err_set(err, FC_ERR_INPUT, inv->path, c->line,
				  "credential '%s': %s must be a regular file of yours with mode 0600",
				  c->name, path);
	}
	/* one byte more than fits: a longer file is refused, not cut */
	n = read(fd, s->password, sizeof(s->password) - 1);
	close(fd);
	if (n < 0)
		return fc_err_set(err, FC_ERR_IO, inv->path, c->line, "credential '%s': cannot read %s", c->name, path);
	s->password[n] = '\0';
	len = strcspn(s->password, "\r\n");
	rest = s->password + len + strspn(s->password + len, "\r\n");
	if ((size_t)n == sizeof(s->password) - 1 || *rest) {
		fc_secret_wipe(s);
		return fc_err_set(err, FC_ERR_INPUT, inv->path, c->line,
				  "credential '%s': password_file %s must hold one line of at most %zu bytes", c->name,
				  path, sizeof(s->password) - 2);
	}
	s->password[len] = '\0';
	return FC_OK;
}

enum fc_rc fc_secret_load(const struct fc_inventory *inv, const struct fc_inv_device *dev, struct fc_secret *s,
			  struct fc_err *err)
{
	const struct fc_inv_credential *c;

	memset(s, 0, sizeof(*s));
	if (!dev->credential)
		return fc_err_set(err, FC_ERR_INPUT, inv->path, dev->line, "device '%s' has no credential", dev->name);
	c = find(inv, dev->credential);
	if (!c)
		return fc_err_set(err, FC_ERR_INPUT, inv->path, dev->line, "unknown credential '%s'", dev->credential);
	if (!c->username)
		return fc_err_set(err, FC_ERR_INPUT, inv->path, c->line, "credential '%s' has no username", c->name);
	if (strlen(c->username) >= sizeof(s->user) || !c->username[0])
		return fc_err_set(err, FC_ERR_INPUT, inv->path, c->line, "credential '%s': username must be 1 to %zu characters",
				  c->name, sizeof(s->user) - 1);
	memcpy(s->user, c->username, strlen(c->username) + 1);
	s->key_file = c->key_file;
	if (c->password_env) {
		const char *v = getenv(c->password_env);

		if (!v || !*v)
			return fc_err_set(err, FC_ERR_INPUT, inv->path, c->line,
					  "credential '%s': environment variable %s is not set", c->name, c->password_env);
		if (strlen(v) >= sizeof(s->password))
			return fc_err_set(err, FC_ERR_INPUT, inv->path, c->line, "credential '%s': password too long",
					  c->name);
		memcpy(s->password, v, strlen(v) + 1);
		return FC_OK;
	}
	if (c->password_file)
		return from_file(inv, c, s, err);
	if (!c->key_file)
		return fc_err_set(err, FC_ERR_INPUT, inv->path, c->line,
				  "credential '%s' gives no password_env, password_file or key_file", c->name);
	return FC_OK;
}
