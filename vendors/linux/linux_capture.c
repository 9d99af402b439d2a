/* SPDX-License-Identifier: MIT */
/* Agentless capture of a Linux host over SSH, for nodes where fabcheck is not installed.
 *
 * Collection sends one POSIX sh script (fc_linux_capture_script) on an exec channel. It prints,
 * as they are, the files the probe reads (sysfs, procfs, the RDMA tree) and the outputs of the
 * standard tools (ethtool, mlnx_qos, ibv_devinfo, ip -j, nft -j), each after a marker line:
 *
 *   @@fabcheck-capture 1          first line: format and version
 *   @@file PATH                   the file's content follows (sysfs: one value per line)
 *   @@lines DIR                   "PATH:content" lines of every readable file under DIR
 *   @@link PATH TARGET            a symlink and where it resolves
 *   @@cmd COMMAND                 the command's stdout and stderr follow
 *   @@rc N                        its exit status (127: not installed; the output is not kept)
 *
 * Validation unpacks this into a temporary tree (the files under their paths, the outputs under
 * .fabcheck-outputs/) and runs the probe's own document builder on it with the agentless ops, so
 * an SSH-captured node gives the model a probed node gives. Nothing here touches the network. */
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "linux/linux_capture.h"
#include "probe/probe.h"
#include "util/str.h"

const char fc_linux_capture_script[] =
	"export LC_ALL=C PATH=\"$PATH:/usr/sbin:/sbin\"\n"
	"echo '@@fabcheck-capture 1'\n"
	"f() { [ -r \"$1\" ] && [ -f \"$1\" ] && { echo \"@@file $1\"; cat \"$1\" 2>/dev/null; }; }\n"
	"d() { [ -d \"$1\" ] && { echo \"@@lines $1\"; grep -rsH '' \"$1\" 2>/dev/null; }; }\n"
	"c() { echo \"@@cmd $*\"; \"$@\" 2>&1; echo \"@@rc $?\"; }\n"
	"f /proc/sys/kernel/hostname; f /sys/module/pcie_aspm/parameters/policy\n"
	"f /proc/sys/net/ipv4/conf/all/arp_ignore; f /proc/sys/net/ipv4/conf/all/arp_announce\n"
	"for n in /sys/class/net/*; do i=${n##*/}; [ \"$i\" = lo ] && continue\n"
	"  for a in address mtu operstate; do f $n/$a; done\n"
	"  f /proc/sys/net/ipv4/conf/$i/arp_ignore; f /proc/sys/net/ipv4/conf/$i/arp_announce\n"
	"  if [ -e $n/device ]; then r=$(readlink -f $n/device); echo \"@@link $n/device $r\"\n"
	"    for a in current_link_speed max_link_speed current_link_width max_link_width numa_node; do\n"
	"      f $r/$a; f ${r%/*}/$a; f ${r%/*/*}/$a; done; fi\n"
	"  d $n/ecn\n"
	"  c ethtool $i; c ethtool -i $i; c ethtool -a $i; c ethtool --show-fec $i; c ethtool -S $i\n"
	"  c ethtool -m $i; c ethtool --get-tunable $i pfc-prevention-tout\n"
	"  c dcb -j pfc show dev $i; c dcb -j app show dev $i; c dcb -j buffer show dev $i; c mlnx_qos -i $i\n"
	"  if ip -j addr show dev lo >/dev/null 2>&1; then c ip -j addr show dev $i; else c ip addr show dev $i; fi\n"
	"done\n"
	"for v in /sys/class/infiniband/*; do [ -d \"$v\" ] || continue\n"
	"  for a in fw_ver board_id hca_type parent; do f $v/$a; done\n"
	"  for p in $v/ports/*; do for a in state phys_state link_layer rate; do f $p/$a; done\n"
	"    d $p/gids; d $p/gid_attrs/types; d $p/gid_attrs/ndevs; d $p/hw_counters\n"
	"    r=/sys/kernel/config/rdma_cm/${v##*/}/ports/${p##*/}; f $r/default_roce_mode; f $r/default_roce_tos\n"
	"  done\n"
	"done\n"
	"c nft -j list ruleset; c ibv_devinfo; c lldpcli -f json0 show neighbors details\n"
	"f /proc/net/ip_tables_names\n"
	"if grep -qx filter /proc/net/ip_tables_names 2>/dev/null; then c iptables-legacy-save -t filter; fi\n";

/* Creates every directory of path (a file path: its parent directories). */
static int mkparents(char *path)
{
	char *s;

	for (s = strchr(path + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(path, 0755) != 0 && errno != EEXIST) {
			*s = '/';
			return -1;
		}
		*s = '/';
	}
	return 0;
}

/* A path from the capture, kept inside the tree: absolute, no "..". */
static bool safe_path(const char *p)
{
	const char *c;

	if (p[0] != '/' || strlen(p) >= 1024)
		return false;
	for (c = p; c; c = strchr(c + 1, '/'))   /* c at each '/': the component after it */
		if (!strncmp(c, "/..", 3) && (c[3] == '/' || c[3] == '\0'))
			return false;
	return true;
}

static FILE *open_in(const char *root, const char *rel)
{
	char path[2048];

	snprintf(path, sizeof(path), "%s%s", root, rel);
	if (mkparents(path) != 0)
		return NULL;
	return fopen(path, "w");
}

enum fc_rc fc_linux_capture_unpack(const char *text, const char *root, char *why, size_t whysz)
{
	struct fc_lines it;
	FILE *out = NULL;
	char cmdfile[1200] = "", line[2048];
	enum { NONE, FILE_BODY, LINES, CMD } mode = NONE;
	bool first = true;

	fc_lines_init(&it, text);
	while (fc_lines_next(&it)) {
		size_t n = it.len < sizeof(line) - 1 ? it.len : sizeof(line) - 1;

		memcpy(line, it.line, n);
		line[n] = '\0';
		if (first) {
			first = false;
			if (strcmp(line, "@@fabcheck-capture 1")) {
				snprintf(why, whysz, "line 1: expected '@@fabcheck-capture 1'");
				return FC_ERR_INPUT;
			}
			continue;
		}
		if (!strncmp(line, "@@", 2)) {
			char *arg = strchr(line, ' ');

			if (out)
				fclose(out);
			out = NULL;
			mode = NONE;
			if (!arg) {
				snprintf(why, whysz, "line %u: marker without an argument", it.lineno);
				return FC_ERR_INPUT;
			}
			*arg++ = '\0';
			if (!strcmp(line, "@@file")) {
				if (!safe_path(arg) || !(out = open_in(root, arg)))
					goto bad_path;
				mode = FILE_BODY;
			} else if (!strcmp(line, "@@lines")) {
				if (!safe_path(arg))
					goto bad_path;
				mode = LINES;
			} else if (!strcmp(line, "@@link")) {
				char *target = strchr(arg, ' '), lp[2048], tp[2048];

				if (!target)
					goto bad_path;
				*target++ = '\0';
				if (!safe_path(arg) || !safe_path(target))
					goto bad_path;
				snprintf(lp, sizeof(lp), "%s%s", root, arg);
				snprintf(tp, sizeof(tp), "%s%s", root, target);
				if (mkparents(lp) != 0 || mkparents(tp) != 0 || (mkdir(tp, 0755) != 0 && errno != EEXIST) ||
				    (symlink(tp, lp) != 0 && errno != EEXIST))
					goto bad_path;
			} else if (!strcmp(line, "@@cmd")) {
				size_t k;

				snprintf(cmdfile, sizeof(cmdfile), "/.fabcheck-outputs/%.1000s", arg);
				for (k = 19; cmdfile[k]; k++)
					if (cmdfile[k] == ' ' || cmdfile[k] == '/')
						cmdfile[k] = '_';
				if (!(out = open_in(root, cmdfile)))
					goto bad_path;
				mode = CMD;
			} else if (!strcmp(line, "@@rc")) {
				int64_t rc;

				if (!fc_parse_i64(arg, 0, 255, &rc)) {
					snprintf(why, whysz, "line %u: @@rc: expected 0..255", it.lineno);
					return FC_ERR_INPUT;
				}
				if (rc == 127 && cmdfile[0]) {   /* not installed: no output, not a bad one */
					char path[2048];

					snprintf(path, sizeof(path), "%s%s", root, cmdfile);
					unlink(path);
				}
				cmdfile[0] = '\0';
			} else {
				snprintf(why, whysz, "line %u: unknown marker '%s'", it.lineno, line);
				return FC_ERR_INPUT;
			}
			continue;
		}
		if (mode == FILE_BODY || mode == CMD) {
			fprintf(out, "%s\n", line);
		} else if (mode == LINES) {
			/* "PATH:content": the path has no ':' (it is under /sys/class/...) */
			char *colon = strchr(line, ':');
			FILE *f;

			if (!colon)
				continue;
			*colon = '\0';
			if (!safe_path(line) || !(f = open_in(root, line)))
				goto bad_path;
			fprintf(f, "%s\n", colon + 1);
			fclose(f);
		}
	}
	if (out)
		fclose(out);
	if (first) {
		snprintf(why, whysz, "empty capture");
		return FC_ERR_INPUT;
	}
	return FC_OK;
bad_path:
	if (out)
		fclose(out);
	snprintf(why, whysz, "line %u: a path the capture may not write ('%.200s'): %s", it.lineno, line,
		 strerror(errno ? errno : EINVAL));
	return FC_ERR_INPUT;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

enum fc_rc fc_linux_capture_to_doc(const char *text, char **json, char *why, size_t whysz)
{
	const char *tmp = getenv("TMPDIR");
	char root[512];
	struct fc_probe_opts po;
	struct fc_err err;
	bool usable = false;
	enum fc_rc rc;

	*json = NULL;
	snprintf(root, sizeof(root), "%s/fabcheck-capture-XXXXXX", tmp && tmp[0] == '/' && strlen(tmp) < 400 ? tmp : "/tmp");
	if (!mkdtemp(root)) {
		snprintf(why, whysz, "cannot create a temporary directory: %s", strerror(errno));
		return FC_ERR_IO;
	}
	rc = fc_linux_capture_unpack(text, root, why, whysz);
	if (rc == FC_OK) {
		memset(&po, 0, sizeof(po));
		po.root = root;
		po.ops = &fc_probe_text_ops;
		po.ops_ctx = root;
		fc_err_clear(&err);
		/* the outputs folder exists even when every tool was missing */
		{
			char p[600];

			snprintf(p, sizeof(p), "%s/.fabcheck-outputs", root);
			mkdir(p, 0755);
		}
		if ((rc = fc_probe_run(&po, json, &usable, &err)) != FC_OK)
			snprintf(why, whysz, "%s", err.msg);
	}
	nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	return rc;
}
