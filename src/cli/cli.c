/* SPDX-License-Identifier: MIT */
/* Commands and options as table rows that carry handler and help (after ethtool's args[]).
 * Names match exactly, never by prefix. */
#include "cli/cli.h"
#include "cli/mdterm.h"

#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <stdarg.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/engine.h"
#include "probe/fs.h"
#include "probe/probe.h"
#include "model/model_json.h"
#include "report/report.h"
#include "rules/rules.h"
#include "snapshot/snapshot.h"
#include "topology/topology.h"
#include "transport/transport.h"
#include "transport/collect.h"
#include "util/bgwrite.h"
#include "util/buf.h"
#include "util/dynlib.h"
#include "util/path.h"
#include "util/str.h"
#include "util/tmpfile.h"
#include "adapter/adapter.h"
#include "cli/check.h"
#include "cli/judge.h"
#include "diff/diff.h"

#define MAX_FORMATS 8

struct opts {
	const char *positional[4];
	int npos;
	const char *formats[MAX_FORMATS];
	int nformats;
	const char *fail_on, *policy, *profile, *rules_dir, *rule, *waivers, *baseline, *expect;
	const char *baseline_report, *srcroot, *intent;
	const char *inventory, *out, *platform, *command, *encoding, *device;
	const char *ca_file, *known_hosts, *root, *memlock_user, *lldpd_socket;
	const char *ifaces[64];
	int nifaces;
	const char *allow[FC_MAX_ROOTS - 1];
	int nallow;
	const char *concurrency, *timeout, *batch;
	bool verbose, no_color, insecure, accept_new, help, sarif_passes, check;
};

static const struct fc_cli_option options[] = {
	{ "--format", "FMT[=FILE]", "validate, diff", "report format (Formats below; diff: text, json, markdown, html); repeat for several, each to its own FILE (default: text to stdout)" },
	{ "--fail-on", "SEVERITY[,not-understood]", "validate", "lowest severity of a FAIL that makes the exit code 1: info, low, medium, high, critical (default: low); with not-understood, an input line fabcheck did not understand fails the run too (default: it is reported in every format and does not fail it)" },
	{ "--policy", "FILE", "validate, diff", "user policy (YAML/JSON): profile, rules to enable/disable, severities, parameters" },
	{ "--waivers", "FILE", "validate, diff", "accepted deviations (YAML/JSON): rule, subject pattern, reason, owner, expiry; waived findings do not fail the run" },
	{ "--baseline", "SNAPSHOT_DIR", "validate", "an earlier snapshot of the same fabric: the counter rules (flaps, FEC error rate, pause time, DCQCN) judge what changed since" },
	{ "--baseline-report", "REPORT.json", "validate", "a JSON report of the same fabric judged earlier (the target branch's): findings it already had are marked existing, and only new or regressed failures fail the run (exit 1)" },
	{ "--srcroot", "DIR", "validate", "sarif, codequality, github: file locations relative to DIR, the repository's root (default: the current directory); files outside it keep their absolute path" },
	{ "--sarif-passes", NULL, "validate", "sarif: list passing and not-applicable results too (default: failing, warning, unknown and not-understood only, as code scanning takes them)" },
	{ "--expect", "FILE", "diff", "declared changes (YAML/JSON: rule, subject, field, change, reason): what they explain does not fail the diff, a declaration nothing matched does" },
	{ "--profile", "NAME", "validate, diff", "fabric profile: lossless_dcqcn, pfc_only, lossy_ecn (default: the inventory's, else lossless_dcqcn)" },
	{ "--rules-dir", "DIR", "validate, diff, rules, explain", "where the profiles and rule docs are (default: $FABCHECK_RULES_DIR, else the built-in path)" },
	{ "--rule", "ID", "validate", "run this one rule only" },
	{ "--allow-outside", "DIR", "validate, diff, collect", "let the inventory's config: (and transport file/probe addresses) name files under DIR too; by default they must lie in the inventory's own directory tree; files with several hard links are read only under such a DIR (repeatable)" },
	{ "--verbose", NULL, "validate, version", "validate, text: list every finding as it comes, passing ones and their evidence included, nothing folded; version: the libraries loaded when first used (collecting, the live probe, XML), whether each loads here, and the package that has it" },
	{ "--no-color", NULL, "validate", "text: no colours (also when NO_COLOR is set or stdout is not a terminal)" },
	{ "--inventory", "FILE", "collect, probe --check", "collect: inventory to collect from; probe --check: the fabric's inventory, whose fabric intent (profile, RoCE priority and DSCPs, MTU) the host is checked against" },
	{ "--intent", "FILE", "probe --check", "the fabric's intent instead of its inventory: a file with the inventory's version and fabric sections (profile, roce priority, dscp, cnp_dscp, mtu), devices not needed" },
	{ "--check", NULL, "probe", "probe this host and judge what needs only it and the fabric's intent (--inventory): exit 0 healthy, 1 a problem, 2 unknown; the first line is the reason (at most 256 bytes, a drain reason); --format text, json or prometheus" },
	{ "--out", "DIR|FILE", "collect, probe", "collect: snapshot directory to create (must not exist; written atomically); probe: the host document (default stdout)" },
	{ "--concurrency", "N", "collect", "devices collected at once (default 32)" },
	{ "--timeout", "SECONDS", "collect", "per-request timeout (default 30)" },
	{ "--batch", "N", "collect", "commands per NX-API request (default 8)" },
	{ "--ca-file", "FILE", "collect", "CA bundle for NX-API TLS verification" },
	{ "--insecure", NULL, "collect", "do not verify TLS certificates (recorded as a warning in the snapshot)" },
	{ "--known-hosts", "FILE", "collect", "SSH known_hosts file (default ~/.ssh/known_hosts)" },
	{ "--accept-new", NULL, "collect", "SSH: add unknown host keys to known_hosts, refuse changed ones" },
	{ "--root", "DIR", "probe", "read sysfs, configfs and procfs under DIR; kernel replies recorded in DIR/.fabcheck-replies, or the standard tools' outputs in DIR/.fabcheck-outputs (agentless)" },
	{ "--interface", "NAME", "probe", "probe this interface only; repeat for several (default: all but lo)" },
	{ "--lldpd-socket", "PATH", "probe", "ask the lldpd listening on PATH for LLDP neighbours (default: lldpd's own, /run/lldpd.socket)" },
	{ "--memlock-user", "USER", "probe", "report the memlock limit pam_limits gives USER's sessions (limits.conf, limits.d) instead of the probe's own" },
	{ "--platform", "NAME", "parse", "adapter to parse with (Platforms below)" },
	{ "--command", "CMD", "parse", "the command that produced the file, e.g. \"show interface\"" },
	{ "--encoding", "ENC", "parse", "json or text (default: json for .json files, else text)" },
	{ "--device", "NAME", "parse, probe --check", "parse: of a snapshot or inventory, print this device only (default: every device); probe --check: the host's name in the inventory, whose declared intent (speed, lanes, link mode, FEC per interface) is compared too (default: the probe's hostname)" },
	{ "--help", NULL, "all", "this help" },
	{ NULL, NULL, NULL, NULL },
};

const struct fc_cli_option *fc_cli_options(void)
{
	return options;
}

struct command {
	const char *name;
	const char *usage;
	const char *help;
	int (*run)(struct opts *o, FILE *out, FILE *errf);
};

static int cmd_validate(struct opts *o, FILE *out, FILE *errf);
static int cmd_diff(struct opts *o, FILE *out, FILE *errf);
static int cmd_collect(struct opts *o, FILE *out, FILE *errf);
static int cmd_parse(struct opts *o, FILE *out, FILE *errf);
static int cmd_probe(struct opts *o, FILE *out, FILE *errf);
static int cmd_rules(struct opts *o, FILE *out, FILE *errf);
static int cmd_explain(struct opts *o, FILE *out, FILE *errf);
static int cmd_version(struct opts *o, FILE *out, FILE *errf);
static int cmd_help(struct opts *o, FILE *out, FILE *errf);

static const struct command commands[] = {
	{ "validate", "validate SNAPSHOT_DIR|INVENTORY [options]", "check a snapshot or an inventory with saved configs", cmd_validate },
	{ "diff", "diff OLD NEW [--expect FILE] [--format F[=FILE]]", "compare two snapshots or JSON reports: findings new, regressed, resolved; values changed", cmd_diff },
	{ "collect", "collect --inventory FILE --out DIR [options]", "collect raw outputs from every device into a snapshot", cmd_collect },
	{ "probe", "probe [--interface IF]... [--root DIR] [--out FILE]", "read this host's NIC, RDMA and QoS state into a host document", cmd_probe },
	{ "probe", "probe --check --inventory FILE|--intent FILE [--root DIR] [--format text|json|prometheus]", "judge this host against the fabric's intent, for a node health check (exit 0 healthy, 1 problem, 2 unknown)", cmd_probe },
	{ "parse", "parse --platform P --command CMD [--encoding E] FILE", "parse one raw output and print the model as JSON", cmd_parse },
	{ "parse", "parse SNAPSHOT_DIR|INVENTORY [--device NAME]", "print the model validate checks, resolved QoS paths included, as JSON", cmd_parse },
	{ "rules", "rules", "list the rules", cmd_rules },
	{ "explain", "explain RULE", "show a rule's documentation, inputs and parameters", cmd_explain },
	{ "version", "version [--verbose]", "print the version", cmd_version },
	{ "help", "help", "this help", cmd_help },
	{ NULL, NULL, NULL, NULL },
};

/* "a, b, c" of a registry's names, for an error message. */
static const char *format_names(char *buf, size_t size)
{
	const struct fc_reporter *const *r;
	size_t n = 0;

	buf[0] = '\0';
	for (r = fc_reporter_list(); *r && n < size; r++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", (*r)->name);
	return buf;
}

static const char *platform_names(char *buf, size_t size)
{
	const struct fc_adapter *const *v;
	size_t n = 0;

	buf[0] = '\0';
	for (v = fc_adapter_list(); *v && n < size; v++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", n ? ", " : "", (*v)->platform);
	return buf;
}

/* The registries, as they are: report formats, platforms, transports (no second list). */
static void registries(FILE *f)
{
	const struct fc_reporter *const *r;
	const struct fc_adapter *const *v;
	const struct fc_transport *t;

	/* which commands write each one, in brackets: bash completion offers each command its own */
	fprintf(f, "\nFormats (the commands that write them):\n");
	for (r = fc_reporter_list(); *r; r++) {
		char cmds[64];

		snprintf(cmds, sizeof(cmds), "[validate%s%s]", fc_diff_format_known((*r)->name) ? ", diff" : "",
			 fc_check_format_known((*r)->name) ? ", probe --check" : "");
		fprintf(f, "  %-12s %-32s %s\n", (*r)->name, cmds, (*r)->desc);
	}
	fprintf(f, "\nPlatforms (inventory platform:):\n");
	for (v = fc_adapter_list(); *v; v++)
		fprintf(f, "  %-10s %s\n", (*v)->platform, (*v)->title);
	fprintf(f, "\nTransports (inventory transport:):\n");
	for (t = fc_transport_list(); t->name; t++)
		fprintf(f, "  %-10s %s\n", t->name, t->desc);
}

static void usage(FILE *f)
{
	const struct command *c;
	const struct fc_cli_option *o;

	fprintf(f, "fabcheck %s - RoCEv2 / lossless-Ethernet fabric validator\n\nUsage:\n", FABCHECK_VERSION);
	for (c = commands; c->name; c++)
		fprintf(f, "  fabcheck %-55s %s\n", c->usage, c->help);
	fprintf(f, "\nOptions:\n");
	for (o = options; o->name; o++)
		fprintf(f, "  %s%s%-*s [%s] %s\n", o->name, o->arg ? " " : "", (int)(24 - strlen(o->name)),
			o->arg ? o->arg : "", o->commands, o->help);
	registries(f);
	fprintf(f, "\nExit codes: 0 nothing failing at or above --fail-on; 1 failing findings; 2 usage or input\n"
		   "error (file:line named); 3 data incomplete (a device could not be collected or has no data).\n"
		   "Environment: FABCHECK_RULES_DIR, NO_COLOR. See fabcheck(1).\n");
}

static int bad_usage(FILE *errf, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int bad_usage(FILE *errf, const char *fmt, ...)
{
	va_list ap;

	fprintf(errf, "fabcheck: ");
	va_start(ap, fmt);
	vfprintf(errf, fmt, ap);
	va_end(ap);
	fprintf(errf, "\nTry 'fabcheck help'.\n");
	return FC_EXIT_USAGE;
}

/* Parses argv after the command word. */
static int parse_opts(int argc, char **argv, struct opts *o, FILE *errf)
{
	int i;

	for (i = 0; i < argc; i++) {
		const char *a = argv[i];
		const struct fc_cli_option *opt;
		const char **slot = NULL;
		bool *flag = NULL;

		if (a[0] != '-' || !strcmp(a, "-")) {
			if (o->npos == 4)
				return bad_usage(errf, "too many arguments at '%s'", a);
			o->positional[o->npos++] = a;
			continue;
		}
		for (opt = options; opt->name; opt++)
			if (!strcmp(opt->name, a))
				break;
		if (!opt->name)
			return bad_usage(errf, "unknown option '%s'", a);
		if (!strcmp(a, "--format")) {
			if (o->nformats == MAX_FORMATS)
				return bad_usage(errf, "at most 8 --format options, got more at '%s'", a);
			slot = &o->formats[o->nformats++];
		} else if (!strcmp(a, "--fail-on")) slot = &o->fail_on;
		else if (!strcmp(a, "--policy")) slot = &o->policy;
		else if (!strcmp(a, "--waivers")) slot = &o->waivers;
		else if (!strcmp(a, "--baseline")) slot = &o->baseline;
		else if (!strcmp(a, "--baseline-report")) slot = &o->baseline_report;
		else if (!strcmp(a, "--srcroot")) slot = &o->srcroot;
		else if (!strcmp(a, "--sarif-passes")) flag = &o->sarif_passes;
		else if (!strcmp(a, "--check")) flag = &o->check;
		else if (!strcmp(a, "--intent")) slot = &o->intent;
		else if (!strcmp(a, "--expect")) slot = &o->expect;
		else if (!strcmp(a, "--profile")) slot = &o->profile;
		else if (!strcmp(a, "--rules-dir")) slot = &o->rules_dir;
		else if (!strcmp(a, "--rule")) slot = &o->rule;
		else if (!strcmp(a, "--inventory")) slot = &o->inventory;
		else if (!strcmp(a, "--out")) slot = &o->out;
		else if (!strcmp(a, "--concurrency")) slot = &o->concurrency;
		else if (!strcmp(a, "--timeout")) slot = &o->timeout;
		else if (!strcmp(a, "--batch")) slot = &o->batch;
		else if (!strcmp(a, "--ca-file")) slot = &o->ca_file;
		else if (!strcmp(a, "--known-hosts")) slot = &o->known_hosts;
		else if (!strcmp(a, "--platform")) slot = &o->platform;
		else if (!strcmp(a, "--root")) slot = &o->root;
		else if (!strcmp(a, "--memlock-user")) slot = &o->memlock_user;
		else if (!strcmp(a, "--lldpd-socket")) slot = &o->lldpd_socket;
		else if (!strcmp(a, "--interface")) {
			if (o->nifaces == 64)
				return bad_usage(errf, "at most 64 --interface options");
			slot = &o->ifaces[o->nifaces++];
		}
		else if (!strcmp(a, "--allow-outside")) {
			if (o->nallow == (int)(sizeof(o->allow) / sizeof(o->allow[0])))
				return bad_usage(errf, "at most %zu --allow-outside options", sizeof(o->allow) / sizeof(o->allow[0]));
			slot = &o->allow[o->nallow++];
		}
		else if (!strcmp(a, "--command")) slot = &o->command;
		else if (!strcmp(a, "--encoding")) slot = &o->encoding;
		else if (!strcmp(a, "--device")) slot = &o->device;
		else if (!strcmp(a, "--verbose")) flag = &o->verbose;
		else if (!strcmp(a, "--no-color")) flag = &o->no_color;
		else if (!strcmp(a, "--insecure")) flag = &o->insecure;
		else if (!strcmp(a, "--accept-new")) flag = &o->accept_new;
		else if (!strcmp(a, "--help")) flag = &o->help;
		if (flag) {
			*flag = true;
		} else if (slot) {
			if (i + 1 >= argc)
				return bad_usage(errf, "option '%s' needs an argument", a);
			*slot = argv[++i];
		}
	}
	return 0;
}

/* --rules-dir, else $FABCHECK_RULES_DIR, else the installed rules when this binary is the
 * installed one (cmake --install, the .deb), else the source tree's (a build directory). */
static const char *rules_dir(const struct opts *o)
{
	const char *env = getenv("FABCHECK_RULES_DIR");
	char self[4096];
	ssize_t n;

	if (o->rules_dir)
		return o->rules_dir;
	if (env && *env)
		return env;
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		self[n] = '\0';
		if (!strcmp(self, FABCHECK_INSTALLED_BIN))
			return FABCHECK_INSTALLED_RULES_DIR;
	}
	return FABCHECK_DEFAULT_RULES_DIR;
}

static int report_err(FILE *errf, const struct fc_err *err)
{
	char buf[2048];

	fprintf(errf, "fabcheck: %s\n", fc_err_str(err, buf, sizeof(buf)));
	return FC_EXIT_USAGE;
}

struct out_spec {
	const struct fc_reporter *r;   /* validate; NULL for diff's writers */
	const char *name;              /* the format as given, and its name's length */
	size_t namelen;
	const char *path;              /* NULL = stdout */
};

/* --format FMT[=FILE] into specs, each format checked by known(); 0 or the usage exit code. */
static int parse_formats(struct opts *o, struct out_spec *specs, int *nspecs, FILE *errf,
			 bool (*known)(const char *name), const char *names)
{
	int i, stdout_users = 0;

	if (o->nformats == 0)
		o->formats[o->nformats++] = "text";
	for (i = 0; i < o->nformats; i++) {
		char name[32];
		const char *eq = strchr(o->formats[i], '=');
		size_t n = eq ? (size_t)(eq - o->formats[i]) : strlen(o->formats[i]);

		if (n >= sizeof(name))
			return bad_usage(errf, "unknown format '%s' (%s)", o->formats[i], names);
		memcpy(name, o->formats[i], n);
		name[n] = '\0';
		if (!known(name))
			return bad_usage(errf, "unknown format '%s' (%s)", name, names);
		specs[*nspecs].r = fc_reporter_find(name);
		specs[*nspecs].name = o->formats[i];
		specs[*nspecs].namelen = n;
		specs[*nspecs].path = eq && eq[1] ? eq + 1 : NULL;
		if (eq && !eq[1])
			return bad_usage(errf, "--format %s: empty file name", o->formats[i]);
		stdout_users += !specs[*nspecs].path;
		(*nspecs)++;
	}
	if (stdout_users > 1)
		return bad_usage(errf, "only one --format may write to stdout; give the others =FILE");
	return 0;
}

#define OUT_BUFFER ((size_t)1 << 20)

/* Writes one output to spec's file (beside its name, renamed when whole: a reader such as
 * node_exporter's textfile collector or a CI upload never sees half a report) or to out, through
 * a 1 MiB buffer: a fleet's JSON report is gigabytes, and stdio's 4 KiB buffer made that hundreds
 * of thousands of write calls. Standard output that is not a terminal is written through a
 * duplicate of its descriptor with that buffer. */

static int write_output(const struct out_spec *sp, FILE *out, FILE *errf,
			enum fc_rc (*write)(void *ctx, FILE *f, bool tty, struct fc_err *err), void *ctx)
{
	struct fc_err err;
	FILE *f = out;
	enum fc_rc rc;
	char tmp[4200], *buf = NULL;
	const bool tty = !sp->path && isatty(fileno(out));
	int fd;

	fc_err_clear(&err);
	/* beside the target, made with O_EXCL (a planted symlink is never followed), removed on a signal */
	if (sp->path && (fd = fc_tmp_create(sp->path, tmp, sizeof(tmp), &err)) < 0)
		return report_err(errf, &err);
	if (sp->path && !(f = fc_bgwrite_open(fd, OUT_BUFFER))) {
		close(fd);
		fc_tmp_discard(tmp);
		fprintf(errf, "fabcheck: %s: cannot write: %s\n", sp->path, strerror(errno));
		return FC_EXIT_USAGE;
	}
	/* not a terminal: written on a thread of its own (a fleet's report is gigabytes) */
	if (!sp->path && !tty && fflush(out) == 0 && (fd = dup(fileno(out))) >= 0 && !(f = fc_bgwrite_open(fd, OUT_BUFFER))) {
		close(fd);
		f = out;
	}
	if (f != out && (buf = malloc(OUT_BUFFER)))
		setvbuf(f, buf, _IOFBF, OUT_BUFFER);
	rc = write(ctx, f, tty, &err);
	if (f != out && fclose(f) != 0 && rc == FC_OK)
		rc = fc_err_set(&err, FC_ERR_IO, sp->path ? sp->path : "standard output", 0, "cannot write: %s",
				strerror(errno));
	free(buf);
	if (sp->path && rc == FC_OK)
		rc = fc_tmp_commit(tmp, sp->path, &err);
	else if (sp->path)
		fc_tmp_discard(tmp);
	return rc == FC_OK ? 0 : report_err(errf, &err);
}

struct report_ctx {
	const struct out_spec *sp;
	struct fc_report_run *run;
	const struct fc_judged *j;
	bool no_color;
};

static enum fc_rc write_report(void *ctx, FILE *f, bool tty, struct fc_err *err)
{
	struct report_ctx *c = ctx;
	const char *nc = getenv("NO_COLOR");

	c->run->color = tty && !c->no_color && !(nc && *nc);
	return fc_report_emit(c->sp->r, f, c->run, &c->j->eng, &c->j->sum, err);
}

static bool reporter_known(const char *name)
{
	return fc_reporter_find(name) != NULL;
}

static void judge_opts(const struct opts *o, struct fc_judge_opts *jo)
{
	memset(jo, 0, sizeof(*jo));
	jo->rules_dir = rules_dir(o);
	jo->profile = o->profile;
	jo->policy = o->policy;
	jo->waivers = o->waivers;
	jo->only_rule = o->rule;
	jo->allow = o->allow;
	jo->nallow = (size_t)o->nallow;
	jo->fail_on = FC_SEV_LOW;
}

/* --fail-on: a severity, "not-understood", or both ("high,not-understood"); -1 on anything else. */
static int fail_on(const char *arg, struct fc_judge_opts *jo)
{
	char buf[64], *comma;
	const char *parts[2];
	int n = 1, i;
	bool sev = false;

	if (snprintf(buf, sizeof(buf), "%s", arg) >= (int)sizeof(buf))
		return -1;
	parts[0] = buf;
	if ((comma = strchr(buf, ','))) {
		*comma = '\0';
		parts[n++] = comma + 1;
	}
	for (i = 0; i < n; i++) {
		if (!strcmp(parts[i], "not-understood") && !jo->fail_on_not_understood)
			jo->fail_on_not_understood = true;
		else if (!sev && fc_sev_parse(parts[i], &jo->fail_on))
			sev = true;
		else
			return -1;
	}
	return 0;
}

/* validate --baseline with an HTML report: the baseline judged too, and compared. */
static enum fc_rc baseline_changes(const struct opts *o, const struct fc_judged *j, struct fc_judged *bj,
				   struct fc_dside *sides, struct fc_diff **d, struct fc_err *err)
{
	struct fc_judge_opts jo;
	enum fc_rc rc;

	judge_opts(o, &jo);
	jo.target = o->baseline;
	if ((rc = fc_judge(&jo, bj, err)) != FC_OK ||
	    (rc = fc_dside_from_engine(&sides[0], o->baseline, bj->inv->fabric_name, &bj->eng, bj->m, bj->pol, bj->sum.devices_incomplete,
						     bj->sum.input_errors, true)) != FC_OK ||
	    (rc = fc_dside_from_engine(&sides[1], o->positional[0], j->inv->fabric_name, &j->eng, j->m, j->pol, j->sum.devices_incomplete,
						     j->sum.input_errors, true)) != FC_OK)
		return rc;
	return fc_diff_build(&sides[0], &sides[1], NULL, d, err);
}

/* Every report went to a file: where each went and the run's verdict in one line, on standard
 * output (which nothing else wrote to), so that a run is never silent. */
static void reports_written(FILE *out, const struct out_spec *specs, int n, const struct fc_summary *s)
{
	int i;

	for (i = 0; i < n; i++)
		if (!specs[i].path)
			return;
	for (i = 0; i < n; i++)
		fprintf(out, "%.*s report: %s\n", (int)specs[i].namelen, specs[i].name, specs[i].path);
	fprintf(out, "Summary: %zu failing (%zu critical, %zu high, %zu medium, %zu low, %zu info), %zu unknown, %zu warning, "
		"%zu passing, %zu waived. Exit %d.\n", s->fail, s->fail_by_sev[FC_SEV_CRITICAL], s->fail_by_sev[FC_SEV_HIGH],
		s->fail_by_sev[FC_SEV_MEDIUM], s->fail_by_sev[FC_SEV_LOW], s->fail_by_sev[FC_SEV_INFO], s->unknown, s->warn,
		s->pass, s->waived, s->exit_code);
}

static int cmd_validate(struct opts *o, FILE *out, FILE *errf)
{
	struct fc_judged j, bj;
	struct fc_judge_opts jo;
	struct fc_dside sides[2];
	struct fc_diff *changes = NULL;
	struct fc_err err;
	struct fc_report_run run;
	struct out_spec specs[MAX_FORMATS];
	char list[256], cwd[PATH_MAX], srcroot[PATH_MAX];
	int nspecs = 0, i, code, bad;
	bool html = false;

	memset(&bj, 0, sizeof(bj));
	memset(sides, 0, sizeof(sides));
	fc_err_clear(&err);
	if (o->npos != 1)
		return bad_usage(errf, "validate needs exactly one SNAPSHOT_DIR or INVENTORY");
	judge_opts(o, &jo);
	if (o->fail_on && fail_on(o->fail_on, &jo) != 0)
		return bad_usage(errf, "--fail-on: '%s' is not a severity (info, low, medium, high, critical), "
				       "not-understood, or both separated by a comma", o->fail_on);
	if ((code = parse_formats(o, specs, &nspecs, errf, reporter_known, format_names(list, sizeof(list)))))
		return code;
	jo.target = o->positional[0];
	jo.baseline = o->baseline;
	jo.baseline_report = o->baseline_report;
	jo.pass_evidence = o->verbose;   /* text prints passing findings' evidence with --verbose */
	for (i = 0; i < nspecs; i++) {
		jo.pass_evidence |= specs[i].r->pass_evidence;
		if (specs[i].r->pass_evidence_links > jo.pass_evidence_links)
			jo.pass_evidence_links = specs[i].r->pass_evidence_links;
		html |= specs[i].r == &fc_reporter_html;
		jo.pass_evidence |= o->sarif_passes && specs[i].r == &fc_reporter_sarif;
	}
	/* the repository's root the CI formats name files from, and where relative paths start */
	if (!getcwd(cwd, sizeof(cwd)))
		return bad_usage(errf, "cannot tell the current directory: %s", strerror(errno));
	if (o->srcroot && !realpath(o->srcroot, srcroot))
		return bad_usage(errf, "--srcroot %s: %s", o->srcroot, strerror(errno));
	if (fc_judge(&jo, &j, &err) != FC_OK) {
		code = report_err(errf, &err);
		goto out;
	}
	if (html && o->baseline && baseline_changes(o, &j, &bj, sides, &changes, &err) != FC_OK) {
		code = report_err(errf, &err);
		goto out;
	}
	code = j.sum.exit_code;
	memset(&run, 0, sizeof(run));
	run.m = j.m;
	run.policy = j.pol;
	run.docs = j.docs;
	run.target = o->positional[0];
	run.fabric = j.inv->fabric_name;
	run.verbose = o->verbose;
	run.changes = changes;
	run.cwd = cwd;
	run.srcroot = o->srcroot ? srcroot : cwd;
	run.passes = o->sarif_passes;
	for (i = 0; i < nspecs; i++) {
		struct report_ctx c = { &specs[i], &run, &j, o->no_color };

		if ((bad = write_output(&specs[i], out, errf, write_report, &c)))
			code = bad;
	}
	reports_written(out, specs, nspecs, &j.sum);
out:
	fc_diff_free(&changes);
	fc_dside_free(&sides[0]);
	fc_dside_free(&sides[1]);
	fc_judged_free(&bj);
	fc_judged_free(&j);
	return code;
}

/* One side of a diff: a JSON report as it is, or a snapshot/inventory judged now. */
static int diff_side(const struct opts *o, const char *path, struct fc_judged *j, struct fc_dside *s, FILE *errf)
{
	struct fc_judge_opts jo;
	struct fc_err err;
	struct stat st;
	size_t n = strlen(path);

	fc_err_clear(&err);
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && n > 5 && !strcmp(path + n - 5, ".json")) {
		FILE *f = fopen(path, "r");
		char head[512] = "";
		size_t got = f ? fread(head, 1, sizeof(head) - 1, f) : 0;

		if (f)
			fclose(f);
		head[got] = '\0';
		if (strstr(head, "\"fabcheck-report\""))
			return fc_dside_from_report(s, path, &err) == FC_OK ? 0 : report_err(errf, &err);
	}
	judge_opts(o, &jo);
	jo.target = path;
	if (fc_judge(&jo, j, &err) != FC_OK ||
	    fc_dside_from_engine(s, path, j->inv->fabric_name, &j->eng, j->m, j->pol, j->sum.devices_incomplete, j->sum.input_errors, false) != FC_OK)
		return report_err(errf, &err);
	return 0;
}

struct diff_ctx {
	const struct out_spec *sp;
	const struct fc_diff *d;
};

static enum fc_rc write_diff(void *ctx, FILE *f, bool tty, struct fc_err *err)
{
	struct diff_ctx *c = ctx;
	char name[32];
	enum fc_rc rc;

	(void)tty;
	snprintf(name, sizeof(name), "%.*s", (int)c->sp->namelen, c->sp->name);
	if ((rc = fc_diff_write(c->d, name, f)) != FC_OK)
		return fc_err_set(err, rc, c->sp->path, 0, "the %s diff could not be written", name);
	return FC_OK;
}

static int cmd_diff(struct opts *o, FILE *out, FILE *errf)
{
	struct fc_judged j[2];
	struct fc_dside s[2];
	struct fc_expect *x = NULL;
	struct fc_diff *d = NULL;
	struct fc_err err;
	struct out_spec specs[MAX_FORMATS];
	int nspecs = 0, i, code, bad;
	size_t k;

	memset(j, 0, sizeof(j));
	memset(s, 0, sizeof(s));
	fc_err_clear(&err);
	if (o->npos != 2)
		return bad_usage(errf, "diff needs OLD and NEW: two snapshots (or inventories), or two JSON reports");
	if ((code = parse_formats(o, specs, &nspecs, errf, fc_diff_format_known, "text, json, markdown, html")))
		return code;
	if (o->expect && fc_expect_load(o->expect, &x, &err) != FC_OK) {
		code = report_err(errf, &err);
		goto out;
	}
	if ((code = diff_side(o, o->positional[0], &j[0], &s[0], errf)) ||
	    (code = diff_side(o, o->positional[1], &j[1], &s[1], errf)))
		goto out;
	if (fc_diff_build(&s[0], &s[1], x, &d, &err) != FC_OK) {
		code = report_err(errf, &err);
		goto out;
	}
	for (k = 0; k < d->nwarn; k++)
		fprintf(errf, "fabcheck: warning: %s\n", d->warn[k]);
	code = d->exit_code;
	for (i = 0; i < nspecs; i++) {
		struct diff_ctx c = { &specs[i], d };

		if ((bad = write_output(&specs[i], out, errf, write_diff, &c)))
			code = bad;
	}
out:
	fc_diff_free(&d);
	fc_expect_free(&x);
	for (i = 0; i < 2; i++) {
		fc_dside_free(&s[i]);
		fc_judged_free(&j[i]);
	}
	return code;
}

static bool parse_uint(const char *s, unsigned min, unsigned max, unsigned *out)
{
	int64_t v;

	if (!fc_parse_i64(s, min, max, &v))
		return false;
	*out = (unsigned)v;
	return true;
}

static int cmd_collect(struct opts *o, FILE *out, FILE *errf)
{
	struct fc_collect_opts co;
	struct fc_err err;
	int incomplete = 0;

	if (!o->inventory || !o->out || o->npos)
		return bad_usage(errf, "collect needs --inventory FILE and --out DIR");
	memset(&co, 0, sizeof(co));
	co.inventory = o->inventory;
	co.out_dir = o->out;
	co.insecure = o->insecure;
	co.ca_file = o->ca_file;
	co.known_hosts = o->known_hosts;
	co.accept_new = o->accept_new;
	co.allow_outside = o->allow;
	co.nallow = (size_t)o->nallow;
	co.progress = isatty(fileno(errf)) ? errf : NULL;
	if (o->concurrency && !parse_uint(o->concurrency, 1, 4096, &co.concurrency))
		return bad_usage(errf, "--concurrency: expected a number from 1 to 4096, found '%s'", o->concurrency);
	if (o->timeout) {
		unsigned s;

		if (!parse_uint(o->timeout, 1, 3600, &s))
			return bad_usage(errf, "--timeout: expected seconds from 1 to 3600, found '%s'", o->timeout);
		co.timeout_ms = s * 1000;
	}
	if (o->batch && !parse_uint(o->batch, 1, 64, &co.batch))
		return bad_usage(errf, "--batch: expected a number from 1 to 64, found '%s'", o->batch);
	co.retries = 2;
	fc_err_clear(&err);
	if (fc_collect(&co, &incomplete, &err) != FC_OK)
		return report_err(errf, &err);
	fprintf(out, "snapshot written to %s%s\n", o->out, incomplete ? " (some devices failed: see manifest.json)" : "");
	return incomplete ? FC_EXIT_INCOMPLETE : FC_EXIT_OK;
}

/* A device as `fabcheck parse` prints it: the model, and under "adapter" what its adapter keeps
 * beyond it (a platform's policy tree), where it keeps anything. indent: 0 alone, 1 in the array. */
static enum fc_rc write_device(FILE *out, const struct fc_device *d, int indent, struct fc_err *err)
{
	const struct fc_adapter *a = d->platform ? fc_adapter_find(d->platform) : NULL;
	json_object *dump = a && a->dump && d->adapter_state ? a->dump(d) : NULL;
	enum fc_rc rc = fc_device_write_json(out, d, dump, indent, err);

	json_object_put(dump);
	return rc;
}

/* fabcheck parse SNAPSHOT_DIR|INVENTORY: the model as validate loads it, devices as a JSON array. */
static int parse_fabric(struct opts *o, FILE *out, FILE *errf)
{
	struct fc_inventory *inv = NULL;
	struct fc_model *m = NULL;
	struct fc_load_opts lo = { .allow_outside = o->allow, .nallow = (size_t)o->nallow };
	struct fc_err err;
	size_t i;
	int code = FC_EXIT_OK;
	bool first = true;

	fc_err_clear(&err);
	if (fc_fabric_load(o->positional[0], &lo, &inv, &m, &err) != FC_OK)
		return report_err(errf, &err);
	if (o->device && !fc_model_find_device(m, o->device)) {
		code = bad_usage(errf, "--device: no device '%s' in %s", o->device, o->positional[0]);
	} else {
		/* streamed device by device: the model of a fleet is never a tree in memory */
		fputc('[', out);
		for (i = 0; i < m->ndevs && code == FC_EXIT_OK; i++) {
			if (o->device && strcmp(m->devs[i]->name, o->device))
				continue;
			if (!first)
				fputc(',', out);
			first = false;
			if (write_device(out, m->devs[i], 1, &err) != FC_OK)
				code = report_err(errf, &err);
		}
		fputs(first ? "]\n" : "\n]\n", out);
	}
	fc_model_free(&m);
	fc_inventory_free(&inv);
	return code;
}

static int cmd_parse(struct opts *o, FILE *out, FILE *errf)
{
	const struct fc_adapter *v;
	struct fc_model *m;
	struct fc_device *d;
	struct fc_err err;
	const char *enc = o->encoding;
	int code = FC_EXIT_OK;
	char list[256];

	if (!o->platform && !o->command && !o->encoding && o->npos == 1)
		return parse_fabric(o, out, errf);
	if (!o->platform || !o->command || o->npos != 1 || o->device)
		return bad_usage(errf, "parse needs --platform, --command and one FILE, or one SNAPSHOT_DIR|INVENTORY");
	if (!(v = fc_adapter_find(o->platform)))
		return bad_usage(errf, "unknown platform '%s' (%s)", o->platform, platform_names(list, sizeof(list)));
	if (!enc) {
		size_t n = strlen(o->positional[0]);

		enc = n > 5 && !strcmp(o->positional[0] + n - 5, ".json") ? "json" : "text";
	}
	if (strcmp(enc, "json") && strcmp(enc, "text"))
		return bad_usage(errf, "--encoding: '%s' is not json or text", enc);
	fc_err_clear(&err);
	if (!(m = fc_model_new()) || fc_model_add_device(m, "device", v->kind, &d, &err) != FC_OK) {
		fc_model_free(&m);
		fprintf(errf, "fabcheck: out of memory\n");
		return FC_EXIT_USAGE;
	}
	d->platform = v->platform;
	d->caps = v->caps;
	if (fc_adapter_parse_file(m, d, v, ".", o->positional[0], o->command, enc, &err) != FC_OK) {
		code = report_err(errf, &err);
	} else {
		if (fc_adapter_finalize(m, d, &err) != FC_OK || write_device(out, d, 0, &err) != FC_OK)
			code = report_err(errf, &err);
		else
			fputc('\n', out);
	}
	fc_model_free(&m);
	return code;
}

static int cmd_probe(struct opts *o, FILE *out, FILE *errf)
{
	struct fc_probe_opts po;
	struct fc_fs fs;
	enum fc_rc rc;
	struct fc_err err;
	char *json = NULL;
	bool usable = false;
	int code;

	if (o->npos)
		return bad_usage(errf, "probe takes no arguments (use --interface NAME)");
	memset(&po, 0, sizeof(po));
	/* a root means a recorded host: its kernel replies are recorded too, or it is an agentless
	 * capture (the standard tools' outputs in .fabcheck-outputs/); its reads stay inside it */
	fc_err_clear(&err);
	if (!fc_fs_open_disk(&fs, o->root ? o->root : "", &err))
		return bad_usage(errf, "--root: %s", err.msg);
	po.fs = &fs;
	po.ifaces = o->nifaces ? o->ifaces : NULL;
	po.nifaces = (size_t)o->nifaces;
	po.memlock_user = o->memlock_user;
	po.lldpd_socket = o->lldpd_socket;
	if (o->check) {
		struct fc_check_opts co = { &po, o->intent ? o->intent : o->inventory, o->intent != NULL, o->device,
					    rules_dir(o), o->nformats ? o->formats[0] : "text" };

		if (!o->inventory == !o->intent || o->nformats > 1 || o->out ||
		    !fc_check_format_known(co.format)) {
			fc_fs_close(&fs);
			/* the scheduler reads the reason from standard output */
			fprintf(out, "fabcheck: unknown: usage: probe --check needs --inventory FILE or --intent FILE, and one --format\n");
			return bad_usage(errf, "probe --check needs --inventory FILE or --intent FILE (one of them), and takes "
					       "one --format: text, json or prometheus, to standard output");
		}
		code = fc_probe_check(&co, out, errf);
		fc_fs_close(&fs);
		return code;
	}
	fc_err_clear(&err);
	rc = fc_probe_run(&po, &json, &usable, &err);
	fc_fs_close(&fs);
	if (rc != FC_OK)
		return report_err(errf, &err);
	if (o->out) {
		code = fc_write_file_atomic(o->out, json, strlen(json), &err) == FC_OK ? 0 : report_err(errf, &err);
	} else {
		code = fprintf(out, "%s\n", json) < 0 ? FC_EXIT_USAGE : 0;
	}
	free(json);
	if (code)
		return code;
	if (!usable) {
		fprintf(errf, "fabcheck: probe read nothing usable (see the reasons in the document)\n");
		return FC_EXIT_INCOMPLETE;
	}
	return FC_EXIT_OK;
}

static int cmd_rules(struct opts *o, FILE *out, FILE *errf)
{
	const struct fc_rule *const *r;
	struct fc_ruledocs *docs;
	struct fc_err err;

	fc_err_clear(&err);
	if (fc_ruledocs_load(rules_dir(o), fc_rule_list(), &docs, &err) != FC_OK)
		return report_err(errf, &err);
	for (r = fc_rule_list(); *r; r++)
		fprintf(out, "%-22s %-8s %-6s %s\n", (*r)->id, fc_sev_name((*r)->severity),
			(*r)->scope == FC_SCOPE_LINK ? "link" : (*r)->scope == FC_SCOPE_DEVICE ? "device" : "fleet",
			fc_rule_title(docs, *r));
	fc_ruledocs_free(&docs);
	return FC_EXIT_OK;
}

static int cmd_explain(struct opts *o, FILE *out, FILE *errf)
{
	const struct fc_rule *r;
	const struct fc_ruledoc *rd;
	struct fc_ruledocs *docs;
	struct fc_err err;

	if (o->npos != 1)
		return bad_usage(errf, "explain needs one RULE id");
	if (!(r = fc_rule_find(o->positional[0])))
		return bad_usage(errf, "unknown rule id '%s' (see fabcheck rules)", o->positional[0]);
	fc_err_clear(&err);
	if (fc_ruledocs_load(rules_dir(o), fc_rule_list(), &docs, &err) != FC_OK)
		return report_err(errf, &err);
	rd = fc_ruledoc_of(docs, r);
	{
		/* the page's Markdown as a terminal shows it: bold where colour is on, no markup otherwise */
		const char *nc = getenv("NO_COLOR");

		fc_explain_page(out, r, rd, isatty(fileno(out)) && !o->no_color && !(nc && *nc));
	}
	fc_ruledocs_free(&docs);
	return FC_EXIT_OK;
}

static int cmd_version(struct opts *o, FILE *out, FILE *errf)
{
	int i;

	(void)errf;
	fprintf(out, "fabcheck %s\n", FABCHECK_VERSION);
	if (!o || !o->verbose)
		return FC_EXIT_OK;
	/* what a command that collects, probes or reads XML will load, tried now */
	fprintf(out, "libraries loaded when first used:\n");
	for (i = 0; i < FC_LIB_COUNT; i++) {
		struct fc_err err = { 0 };
		const char *pkg = fc_dynlib_package((enum fc_dynlib)i);

		if (fc_dynlib_load((enum fc_dynlib)i, &err) == FC_OK)
			fprintf(out, "  %-18s %-16s loads\n", fc_dynlib_soname((enum fc_dynlib)i), pkg && *pkg ? pkg : "-");
		else
			fprintf(out, "  %-18s %-16s MISSING: %s\n", fc_dynlib_soname((enum fc_dynlib)i), pkg && *pkg ? pkg : "-",
				err.msg);
	}
	return FC_EXIT_OK;
}

static int cmd_help(struct opts *o, FILE *out, FILE *errf)
{
	(void)o;
	(void)errf;
	usage(out);
	return FC_EXIT_OK;
}

int fc_cli_main(int argc, char **argv, FILE *out, FILE *errf)
{
	const struct command *c;
	struct opts o;
	int rc;

	if (argc < 2) {
		usage(errf);
		return FC_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(out);
		return FC_EXIT_OK;
	}
	if (!strcmp(argv[1], "--version"))
		return cmd_version(NULL, out, errf);
	for (c = commands; c->name; c++)
		if (!strcmp(c->name, argv[1]))
			break;
	if (!c->name)
		return bad_usage(errf, "unknown command '%s'", argv[1]);
	memset(&o, 0, sizeof(o));
	if ((rc = parse_opts(argc - 2, argv + 2, &o, errf)) != 0)
		return rc;
	if (o.help) {
		usage(out);
		return FC_EXIT_OK;
	}
	return c->run(&o, out, errf);
}
