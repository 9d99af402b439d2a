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
 * Validation unpacks this in memory (the files under their paths, the outputs under
 * /.fabcheck-outputs/: fs.h) and runs the probe's own document builder on it with the agentless
 * ops, so an SSH-captured node gives the model a probed node gives. No temporary file is written:
 * a hostile capture can name any path, any number of them, and an interrupted run leaves nothing.
 * Nothing here touches the network. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vendors/linux/linux_capture.h"
#include "probe/fs.h"
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

/* Unpacks into mem; file contents are slices of text (which must outlive mem), each knowing the
 * line it starts on. Errors name file and the line. */
enum fc_rc fc_linux_capture_unpack(const char *file, const char *text, size_t len, struct fc_memfs *mem,
				   struct fc_err *err)
{
	const char *p = text, *end = text + len, *body = NULL;
	char cmdfile[1200] = "", bodypath[1200] = "";
	enum { NONE, FILE_BODY, LINES, CMD } mode = NONE;
	unsigned lineno = 0, body_line = 0;

	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p)), *l = p;
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		const char *next = nl ? nl + 1 : end;

		lineno++;
		if (n && l[n - 1] == '\r')
			n--;
		if (lineno == 1) {
			if (n != 20 || memcmp(l, "@@fabcheck-capture 1", 20))
				return fc_err_set(err, FC_ERR_INPUT, file, lineno, "expected '@@fabcheck-capture 1'");
			p = next;
			continue;
		}
		if (n >= 2 && l[0] == '@' && l[1] == '@') {
			char marker[16], arg[1100];
			const char *sp = memchr(l, ' ', n);
			size_t ml = sp ? (size_t)(sp - l) : n;

			/* the body before this marker is complete: an error names its marker's line */
			if ((mode == FILE_BODY || mode == CMD) &&
			    !fc_memfs_file(mem, bodypath, body, (size_t)(l - body), true, body_line + 1, err)) {
				fc_err_locate(err, file, body_line);
				return err->rc;
			}
			mode = NONE;
			if (!sp || ml >= sizeof(marker) || n - ml - 1 >= sizeof(arg) || n - ml - 1 == 0)
				return fc_err_set(err, FC_ERR_INPUT, file, lineno,
						  "a marker with an argument of 1 to %zu characters expected",
						  sizeof(arg) - 1);
			memcpy(marker, l, ml);
			marker[ml] = '\0';
			memcpy(arg, sp + 1, n - ml - 1);
			arg[n - ml - 1] = '\0';
			if (!strcmp(marker, "@@file")) {
				snprintf(bodypath, sizeof(bodypath), "%s", arg);
				body = next;
				body_line = lineno;
				mode = FILE_BODY;
			} else if (!strcmp(marker, "@@lines")) {
				if (!fc_memfs_dir(mem, arg, err)) {
					fc_err_locate(err, file, lineno);
					return err->rc;
				}
				mode = LINES;
			} else if (!strcmp(marker, "@@link")) {
				char *target = strchr(arg, ' ');

				if (!target)
					return fc_err_set(err, FC_ERR_INPUT, file, lineno,
							  "@@link: expected PATH TARGET");
				*target++ = '\0';
				if (!fc_memfs_dir(mem, target, err) || !fc_memfs_link(mem, arg, target, err)) {
					fc_err_locate(err, file, lineno);
					return err->rc;
				}
			} else if (!strcmp(marker, "@@cmd")) {
				size_t k;

				snprintf(cmdfile, sizeof(cmdfile), "/.fabcheck-outputs/%.1000s", arg);
				for (k = 19; cmdfile[k]; k++)
					if (cmdfile[k] == ' ' || cmdfile[k] == '/')
						cmdfile[k] = '_';
				snprintf(bodypath, sizeof(bodypath), "%s", cmdfile);
				body = next;
				body_line = lineno;
				mode = CMD;
			} else if (!strcmp(marker, "@@rc")) {
				int64_t rc;

				if (!fc_parse_i64(arg, 0, 255, &rc))
					return fc_err_set(err, FC_ERR_INPUT, file, lineno, "@@rc: expected 0..255");
				if (rc == 127 && cmdfile[0])   /* not installed: no output, not a bad one */
					fc_memfs_unlink(mem, cmdfile);
				cmdfile[0] = '\0';
			} else {
				return fc_err_set(err, FC_ERR_INPUT, file, lineno, "unknown marker '%s'", marker);
			}
			p = next;
			continue;
		}
		if (mode == LINES) {
			/* "PATH:content": the path has no ':' (it is under /sys/class/...) */
			const char *colon = memchr(l, ':', n);
			char path[1100];

			if (colon && (size_t)(colon - l) < sizeof(path)) {
				memcpy(path, l, (size_t)(colon - l));
				path[colon - l] = '\0';
				if (!fc_memfs_file(mem, path, colon + 1, (size_t)(l + n - colon - 1), true, lineno,
						   err)) {
					fc_err_locate(err, file, lineno);
					return err->rc;
				}
			} else if (colon) {
				return fc_err_set(err, FC_ERR_INPUT, file, lineno, "a path over %zu characters",
						  sizeof(path) - 1);
			} else if (n) {
				return fc_err_set(err, FC_ERR_INPUT, file, lineno, "@@lines: expected PATH:CONTENT");
			}
		} else if (mode == NONE && n) {
			return fc_err_set(err, FC_ERR_INPUT, file, lineno,
					  "a line outside any @@file, @@lines or @@cmd section");
		}
		p = next;
	}
	if ((mode == FILE_BODY || mode == CMD) &&
	    !fc_memfs_file(mem, bodypath, body, (size_t)(end - body), true, body_line + 1, err)) {
		fc_err_locate(err, file, body_line);
		return err->rc;
	}
	if (lineno == 0)
		return fc_err_set(err, FC_ERR_INPUT, file, 0, "empty capture");
	return FC_OK;
}

enum fc_rc fc_linux_capture_to_doc(const char *file, const char *text, size_t len, char **json, struct fc_err *err)
{
	struct fc_memfs *mem = fc_memfs_new();
	struct fc_probe_opts po;
	struct fc_fs fs;
	bool usable = false;
	enum fc_rc rc;

	*json = NULL;
	if (!mem)
		return fc_err_set(err, FC_ERR_NOMEM, file, 0, "out of memory");
	rc = fc_linux_capture_unpack(file, text, len, mem, err);
	/* the outputs folder exists even when every tool was missing: the agentless ops read it */
	if (rc == FC_OK && !fc_memfs_dir(mem, "/.fabcheck-outputs", err)) {
		fc_err_locate(err, file, 0);
		rc = err->rc;
	}
	if (rc == FC_OK) {
		fc_fs_open_mem(&fs, mem, file);   /* what the outputs do not give cites the capture's lines */
		memset(&po, 0, sizeof(po));
		po.fs = &fs;
		po.ops = &fc_probe_text_ops;
		rc = fc_probe_run(&po, json, &usable, err);
		fc_fs_close(&fs);
	}
	fc_memfs_free(&mem);
	return rc;
}
