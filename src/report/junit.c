/* SPDX-License-Identifier: MIT */
/* JUnit XML reporter, written with libxml2's xmlTextWriter; valid against the Apache Ant JUnit
 * schema. One testsuite per rule; one testcase per (rule, subject), so names are unique and
 * stable across runs. FAIL is <failure>, UNKNOWN is <skipped> (never a pass), a waived finding is
 * <skipped> with its waiver, a device whose data could not be read is an <error> in the
 * "device-data" suite, and its input lines not understood are its test case in "NOT-UNDERSTOOD". */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "report/report.h"
#include "util/buf.h"
#include "util/dl_xml.h"

/* libxml2 strings are const xmlChar *; BAD_CAST would drop the const. */
#define XC(s) ((const xmlChar *)(s))

struct junit {
	FILE *out;
	const struct fc_report_run *run;
	const struct fc_device **bad;
	size_t nbad;
	const struct fc_finding **f;
	size_t n, cap;
};

static enum fc_rc junit_begin(FILE *out, const struct fc_report_run *run, void **st)
{
	struct junit *j;
	struct fc_err err = { 0 };

	if (fc_dynlib_load(FC_LIB_XML2, &err) != FC_OK) {
		fprintf(stderr, "fabcheck: the JUnit report: %s\n", err.msg);
		return FC_ERR_UNSUPPORTED;
	}
	j = calloc(1, sizeof(*j));
	if (!j)
		return FC_ERR_NOMEM;
	j->out = out;
	j->run = run;
	j->bad = calloc(run->m->ndevs + 1, sizeof(*j->bad));
	if (!j->bad) {
		free(j);
		return FC_ERR_NOMEM;
	}
	*st = j;
	return FC_OK;
}

static enum fc_rc junit_device(void *st, const struct fc_device *d)
{
	struct junit *j = st;

	if (d->status != FC_DEV_OK && d->status != FC_DEV_INTENT)
		j->bad[j->nbad++] = d;
	return FC_OK;
}

static enum fc_rc junit_finding(void *st, const struct fc_finding *f)
{
	struct junit *j = st;

	if (j->n == j->cap) {
		size_t nc = j->cap ? j->cap * 2 : 64;
		const struct fc_finding **nf = realloc(j->f, nc * sizeof(*nf));

		if (!nf)
			return FC_ERR_NOMEM;
		j->f = nf;
		j->cap = nc;
	}
	j->f[j->n++] = f;
	return FC_OK;
}

static int suite_open(xmlTextWriterPtr w, const char *name, int id, const char *stamp, size_t tests, size_t failures,
		      size_t errors, size_t skipped)
{
	char host[256] = "localhost";
	int rc = 0;

	gethostname(host, sizeof(host) - 1);
	rc |= fc_xml()->xmlTextWriterStartElement(w, XC("testsuite")) < 0;
	rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("name"), XC(name)) < 0;
	rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("package"), XC("fabcheck")) < 0;
	rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("id"), "%d", id) < 0;
	rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("timestamp"), XC(stamp)) < 0;
	rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("hostname"), XC(host)) < 0;
	rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("tests"), "%zu", tests) < 0;
	rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("failures"), "%zu", failures) < 0;
	rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("errors"), "%zu", errors) < 0;
	rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("skipped"), "%zu", skipped) < 0;
	rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("time"), XC("0")) < 0;
	rc |= fc_xml()->xmlTextWriterStartElement(w, XC("properties")) < 0;
	rc |= fc_xml()->xmlTextWriterEndElement(w) < 0;
	return rc;
}

/* Ends a suite; out (may be NULL) is its system-out text. */
static int suite_close(xmlTextWriterPtr w, const char *out)
{
	int rc = 0;

	rc |= fc_xml()->xmlTextWriterWriteElement(w, XC("system-out"), XC(out ? out : "")) < 0;
	rc |= fc_xml()->xmlTextWriterWriteElement(w, XC("system-err"), XC("")) < 0;
	rc |= fc_xml()->xmlTextWriterEndElement(w) < 0;
	return rc;
}

static int testcase(xmlTextWriterPtr w, const struct fc_finding *f, const struct fc_ruledocs *docs)
{
	const struct fc_ruledoc *rd = fc_ruledoc_of(docs, f->rule);
	struct fc_buf b;
	char name[1024], where[600];
	size_t i;
	int rc = 0;

	snprintf(name, sizeof(name), "%s %s", f->rule->id, f->subject);
	rc |= fc_xml()->xmlTextWriterStartElement(w, XC("testcase")) < 0;
	rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("name"), XC(name)) < 0;
	rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("classname"), "fabcheck.%s", f->rule->id) < 0;
	rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("time"), XC("0")) < 0;
	/* a warning does not fail the suite: a passing case, its text in the suite's system-out */
	if (f->status != FC_PASS && (f->status != FC_WARN || f->waiver)) {
		fc_buf_init(&b, 1u << 20);
		if (rd)   /* what the rule checks and how to fix it, from its page, above the evidence */
			fc_buf_addf(&b, "%s: %s\nRemediation: %s\n\n", f->rule->id, rd->title, rd->remediation);
		for (i = 0; i < f->nev; i++)
			fc_buf_addf(&b, "%s %s: %s %s\n", f->ev[i].end, f->ev[i].what, f->ev[i].value,
				    fc_src_str(&f->ev[i].src, where, sizeof(where)));
		if (f->waiver) {
			/* an accepted deviation: not a failure of this run, and not hidden */
			rc |= fc_xml()->xmlTextWriterStartElement(w, XC("skipped")) < 0;
			rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("message"), "WAIVED (%s, %s, until %s): %s",
								f->waiver->reason, f->waiver->owner, f->waiver->expires,
								f->message) < 0;
		} else if (f->status == FC_FAIL) {
			rc |= fc_xml()->xmlTextWriterStartElement(w, XC("failure")) < 0;
			rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("message"), XC(f->message)) < 0;
			rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("type"), XC(fc_sev_name(f->sev))) < 0;
		} else {
			rc |= fc_xml()->xmlTextWriterStartElement(w, XC("skipped")) < 0;
			rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("message"), "%s: %s",
								f->status == FC_NA ? "NOT APPLICABLE" : "UNKNOWN", f->message) < 0;
		}
		rc |= fc_xml()->xmlTextWriterWriteString(w, XC(b.data ? b.data : "")) < 0;
		rc |= fc_xml()->xmlTextWriterEndElement(w) < 0;
		fc_buf_free(&b);
	}
	rc |= fc_xml()->xmlTextWriterEndElement(w) < 0;
	return rc;
}

/* The suite's system-out: "WARN <rule> <subject>: message" for its warnings (the JUnit schema
 * gives a test case no place for one). malloc'd, or NULL when there are none. */
static char *warnings_text(const struct junit *j, const struct fc_rule *r)
{
	struct fc_buf b;
	size_t i;

	fc_buf_init(&b, 1u << 20);
	for (i = 0; i < j->n; i++) {
		const struct fc_finding *f = j->f[i];

		if (f->rule == r && f->status == FC_WARN && !f->waiver)
			fc_buf_addf(&b, "WARN %s %s: %s\n", r->id, f->subject, f->message);
	}
	return b.data;
}

/* The NOT-UNDERSTOOD suite: a test case per device, passing when every input line of it was
 * understood; else each line, file:line and text, in a <skipped> (or a <failure> under --fail-on
 * ...,not-understood, as the exit code then says). */
static int not_understood_suite(xmlTextWriterPtr w, const struct junit *j, const struct fc_summary *s, int id,
				const char *stamp)
{
	const struct fc_model *m = j->run->m;
	char where[600];
	size_t i, k, with = 0;
	int rc = 0;

	for (i = 0; i < m->ndevs; i++)
		with += m->devs[i]->nunparsed > 0;
	rc |= suite_open(w, FC_NOT_UNDERSTOOD_ID, id, stamp, m->ndevs, s->fail_on_not_understood ? with : 0, 0,
			 s->fail_on_not_understood ? 0 : with);
	for (i = 0; i < m->ndevs; i++) {
		const struct fc_device *d = m->devs[i];

		rc |= fc_xml()->xmlTextWriterStartElement(w, XC("testcase")) < 0;
		rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("name"), "%s %s", FC_NOT_UNDERSTOOD_ID, d->name) < 0;
		rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("classname"), XC("fabcheck." FC_NOT_UNDERSTOOD_ID)) < 0;
		rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("time"), XC("0")) < 0;
		if (d->nunparsed) {
			rc |= fc_xml()->xmlTextWriterStartElement(w, XC(s->fail_on_not_understood ? "failure" : "skipped")) < 0;
			rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("message"), "%s%zu input line(s) not understood",
								s->fail_on_not_understood ? "" : "NOT UNDERSTOOD: ",
								d->nunparsed) < 0;
			if (s->fail_on_not_understood)
				rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("type"), XC("not-understood")) < 0;
			for (k = 0; k < d->nunparsed; k++)
				rc |= fc_xml()->xmlTextWriterWriteFormatString(w, "%s: %s\n", fc_src_str(&d->unparsed[k].src, where,
												 sizeof(where)),
								     d->unparsed[k].text) < 0;
			rc |= fc_xml()->xmlTextWriterEndElement(w) < 0;
		}
		rc |= fc_xml()->xmlTextWriterEndElement(w) < 0;
	}
	rc |= suite_close(w, NULL);
	return rc;
}

static enum fc_rc junit_end(void *st, const struct fc_summary *s)
{
	struct junit *j = st;
	xmlBufferPtr buf = fc_xml()->xmlBufferCreate();
	xmlTextWriterPtr w = buf ? fc_xml()->xmlNewTextWriterMemory(buf, 0) : NULL;
	char stamp[32];
	time_t now = time(NULL);
	struct tm tm;
	size_t i, k, start;
	int rc = !w, id = 0;

	gmtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%S", &tm);
	if (w) {
		fc_xml()->xmlTextWriterSetIndent(w, 1);
		rc |= fc_xml()->xmlTextWriterStartDocument(w, NULL, "UTF-8", NULL) < 0;
		rc |= fc_xml()->xmlTextWriterStartElement(w, XC("testsuites")) < 0;
		rc |= suite_open(w, "device-data", id++, stamp, j->run->m->ndevs, 0, j->nbad, 0);
		for (i = 0; i < j->run->m->ndevs; i++) {
			const struct fc_device *d = j->run->m->devs[i];
			bool bad = d->status != FC_DEV_OK && d->status != FC_DEV_INTENT;

			rc |= fc_xml()->xmlTextWriterStartElement(w, XC("testcase")) < 0;
			rc |= fc_xml()->xmlTextWriterWriteFormatAttribute(w, XC("name"), "device-data %s", d->name) < 0;
			rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("classname"), XC("fabcheck.device-data")) < 0;
			rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("time"), XC("0")) < 0;
			if (bad) {
				rc |= fc_xml()->xmlTextWriterStartElement(w, XC("error")) < 0;
				rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("type"), XC(fc_devstatus_name(d->status))) < 0;
				rc |= fc_xml()->xmlTextWriterWriteAttribute(w, XC("message"),
								  XC(d->nerrors ? d->errors[0] : fc_devstatus_name(d->status))) < 0;
				for (k = 0; k < d->nerrors; k++)
					rc |= fc_xml()->xmlTextWriterWriteFormatString(w, "%s\n", d->errors[k]) < 0;
				rc |= fc_xml()->xmlTextWriterEndElement(w) < 0;
			}
			rc |= fc_xml()->xmlTextWriterEndElement(w) < 0;
		}
		rc |= suite_close(w, NULL);
		rc |= not_understood_suite(w, j, s, id++, stamp);
		/* Findings are sorted by subject; group them by rule in registry order. */
		{
			const struct fc_rule *const *r;

			for (r = fc_policy_rules(j->run->policy); *r; r++) {
				size_t tests = 0, fails = 0, skips = 0;

				for (start = 0; start < j->n; start++)
					if (j->f[start]->rule == *r) {
						tests++;
						fails += j->f[start]->status == FC_FAIL && !j->f[start]->waived;
						skips += j->f[start]->status == FC_UNKNOWN || j->f[start]->status == FC_NA ||
							 j->f[start]->waived;
					}
				if (!tests)
					continue;
				rc |= suite_open(w, (*r)->id, id++, stamp, tests, fails, 0, skips);
				for (start = 0; start < j->n; start++)
					if (j->f[start]->rule == *r)
						rc |= testcase(w, j->f[start], j->run->docs);
				{
					char *warn = warnings_text(j, *r);

					rc |= suite_close(w, warn);
					free(warn);
				}
			}
		}
		rc |= fc_xml()->xmlTextWriterEndElement(w) < 0;
		rc |= fc_xml()->xmlTextWriterEndDocument(w) < 0;
		fc_xml()->xmlFreeTextWriter(w);
		if (!rc && fwrite(buf->content, 1, (size_t)buf->use, j->out) != (size_t)buf->use)
			rc = 1;
	}
	if (buf)
		fc_xml()->xmlBufferFree(buf);
	free(j->f);
	free(j->bad);
	free(j);
	return rc ? FC_ERR_IO : FC_OK;
}

const struct fc_reporter fc_reporter_junit = {
	.name = "junit",
	.desc = "JUnit XML: a test case per (rule, subject), UNKNOWN as skipped",
	.begin = junit_begin,
	.device = junit_device,
	.finding = junit_finding,
	.end = junit_end,
};
