/* SPDX-License-Identifier: MIT */
/* The reporter registry and the driver that feeds one reporter. */
#include "report/report.h"

#include <string.h>

static const struct fc_reporter *const registry[] = {
	&fc_reporter_text,
	&fc_reporter_json,
	&fc_reporter_junit,
	&fc_reporter_sarif,
	&fc_reporter_markdown,
	&fc_reporter_csv,
	&fc_reporter_prometheus,
	&fc_reporter_html,
	&fc_reporter_zabbix,
	NULL,
};

const struct fc_reporter *const *fc_reporter_list(void)
{
	return registry;
}

const struct fc_reporter *fc_reporter_find(const char *name)
{
	const struct fc_reporter *const *r;

	for (r = registry; *r; r++)
		if (!strcmp((*r)->name, name))
			return *r;
	return NULL;
}

const char *fc_sarif_level(enum fc_sev s)
{
	switch (s) {
	case FC_SEV_CRITICAL: case FC_SEV_HIGH: return "error";
	case FC_SEV_MEDIUM: return "warning";
	case FC_SEV_LOW: case FC_SEV_INFO: return "note";
	}
	return "note";
}

enum fc_rc fc_report_emit(const struct fc_reporter *r, FILE *out, const struct fc_report_run *run,
			  const struct fc_engine *e, const struct fc_summary *s, struct fc_err *err)
{
	void *st = NULL;
	enum fc_rc rc;
	size_t i;

	if ((rc = r->begin(out, run, &st)) != FC_OK)
		return fc_err_set(err, rc, NULL, 0, "%s report: cannot start", r->name);
	for (i = 0; rc == FC_OK && i < run->m->ndevs; i++)
		rc = r->device(st, run->m->devs[i]);
	for (i = 0; rc == FC_OK && i < e->n; i++)
		rc = r->finding(st, e->findings[i]);
	if (r->end(st, s) != FC_OK && rc == FC_OK)
		rc = FC_ERR_IO;
	if (rc == FC_OK && (fflush(out) != 0 || ferror(out)))
		rc = FC_ERR_IO;
	if (rc != FC_OK)
		return fc_err_set(err, rc, NULL, 0, "%s report could not be written", r->name);
	return FC_OK;
}
