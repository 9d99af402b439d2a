/* SPDX-License-Identifier: MIT */
/* Libraries loaded on first use (dynlib.h): the registry, the loader and the tables. */
#include "util/dynlib.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/dl_curl.h"
#include "util/dl_mnl.h"
#include "util/dl_ibv.h"
#include "util/dl_iptc.h"
#include "util/dl_lldpctl.h"
#include "util/dl_nft.h"
#include "util/dl_ssh.h"
#include "util/dl_xml.h"

/* The build names each soname it compiled against and the package that ships it (CMakeLists.txt:
 * fc_dynlib_soname), so the loaded library is the one the headers describe. */
#ifndef FC_SONAME_IBVERBS
#define FC_SONAME_IBVERBS "libibverbs.so.1"
#define FC_DEB_IBVERBS ""
#endif

static struct fc_curl_api curl_api;
static struct fc_ssh_api ssh_api;
static struct fc_xml_api xml_api;
static struct fc_mnl_api mnl_api;
static struct fc_nft_api nft_api;
static struct fc_iptc_api iptc_api;
static struct fc_lldpctl_api lldpctl_api;
#ifdef FABCHECK_HAVE_IBVERBS
static struct fc_ibv_api ibv_api;
#endif

/* dlsym's void * into a function pointer member, as POSIX allows and C leaves to memcpy. */
#define FC_BIND(f)                                                                                      \
	do {                                                                                            \
		void *p_ = dlsym(h, #f);                                                                \
		if (!p_)                                                                                \
			return #f;                                                                      \
		memcpy(&api->f, &p_, sizeof(p_));                                                        \
	} while (0);

/* Each binder fills its table and returns NULL, or the first name the library lacks. */
static const char *bind_curl(void *h)
{
	struct fc_curl_api *api = &curl_api;

	FC_CURL_FUNCS(FC_BIND)
	return NULL;
}

static const char *bind_ssh(void *h)
{
	struct fc_ssh_api *api = &ssh_api;

	FC_SSH_FUNCS(FC_BIND)
	return NULL;
}

static const char *bind_xml(void *h)
{
	struct fc_xml_api *api = &xml_api;

	FC_XML_FUNCS(FC_BIND)
	return NULL;
}

static const char *bind_mnl(void *h)
{
	struct fc_mnl_api *api = &mnl_api;

	FC_MNL_FUNCS(FC_BIND)
	return NULL;
}

static const char *bind_nft(void *h)
{
	struct fc_nft_api *api = &nft_api;

	FC_NFT_FUNCS(FC_BIND)
	return NULL;
}

static const char *bind_iptc(void *h)
{
	struct fc_iptc_api *api = &iptc_api;

	FC_IPTC_FUNCS(FC_BIND)
	return NULL;
}

static const char *bind_lldpctl(void *h)
{
	struct fc_lldpctl_api *api = &lldpctl_api;

	FC_LLDPCTL_FUNCS(FC_BIND)
	return NULL;
}

#ifdef FABCHECK_HAVE_IBVERBS
static const char *bind_ibv(void *h)
{
	struct fc_ibv_api *api = &ibv_api;

	FC_IBV_FUNCS(FC_BIND)
	return NULL;
}
#endif

struct lib {
	const char *soname;
	const char *package;
	const char *what;                /* what needs it, for the message */
	const char *(*bind)(void *h);    /* NULL: not built in */
};

static const struct lib libs[FC_LIB_COUNT] = {
	[FC_LIB_CURL] = { FC_SONAME_CURL, FC_DEB_CURL, "collecting over HTTPS", bind_curl },
	[FC_LIB_SSH] = { FC_SONAME_SSH, FC_DEB_SSH, "collecting over SSH", bind_ssh },
	[FC_LIB_XML2] = { FC_SONAME_XML2, FC_DEB_XML2, "XML (NETCONF, Junos XML, JUnit)", bind_xml },
	[FC_LIB_MNL] = { FC_SONAME_MNL, FC_DEB_MNL, "the live probe's netlink", bind_mnl },
	[FC_LIB_NFT] = { FC_SONAME_NFT, FC_DEB_NFT, "the live probe's nftables ruleset", bind_nft },
	[FC_LIB_IPTC] = { FC_SONAME_IPTC, FC_DEB_IPTC, "the live probe's iptables rules", bind_iptc },
	[FC_LIB_LLDPCTL] = { FC_SONAME_LLDPCTL, FC_DEB_LLDPCTL, "the live probe's LLDP neighbours", bind_lldpctl },
#ifdef FABCHECK_HAVE_IBVERBS
	[FC_LIB_IBVERBS] = { FC_SONAME_IBVERBS, FC_DEB_IBVERBS, "the live probe's RDMA ports", bind_ibv },
#else
	[FC_LIB_IBVERBS] = { FC_SONAME_IBVERBS, FC_DEB_IBVERBS, "the live probe's RDMA ports", NULL },
#endif
};

/* What each load came to: kept, so a failed library is reported the same way every time. */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct {
	bool tried;
	bool ok;   /* read without the lock by the getters: written once, before any use */
	struct fc_err err;
} state[FC_LIB_COUNT];

enum fc_rc fc_dynlib_load(enum fc_dynlib lib, struct fc_err *err)
{
	const struct lib *l = &libs[lib];
	enum fc_rc rc = FC_OK;

	pthread_mutex_lock(&lock);
	if (!state[lib].tried) {
		state[lib].tried = true;
		if (!l->bind) {
			fc_err_set(&state[lib].err, FC_ERR_UNSUPPORTED, NULL, 0,
				   "%s needs %s, and this build of fabcheck was made without it", l->what, l->soname);
		} else {
			void *h = dlopen(l->soname, RTLD_NOW | RTLD_LOCAL);
			const char *missing = NULL;

			if (h)
				missing = l->bind(h);
			if (!h)
				fc_err_set(&state[lib].err, FC_ERR_UNSUPPORTED, NULL, 0,
					   "%s needs %s, which cannot be loaded (%s)%s%s", l->what, l->soname, dlerror(),
					   *l->package ? ": install the package " : "", l->package);
			else if (missing)
				fc_err_set(&state[lib].err, FC_ERR_UNSUPPORTED, NULL, 0,
					   "%s needs %s with %s, which the installed one lacks%s%s", l->what, l->soname,
					   missing, *l->package ? ": install the package " : "", l->package);
			/* a handle that failed to bind stays open: its table is never used */
			__atomic_store_n(&state[lib].ok, !missing && h, __ATOMIC_RELEASE);
		}
	}
	if (!__atomic_load_n(&state[lib].ok, __ATOMIC_ACQUIRE))
		rc = fc_err_take(err, &state[lib].err);
	pthread_mutex_unlock(&lock);
	return rc;
}

const char *fc_dynlib_soname(enum fc_dynlib lib)
{
	return libs[lib].soname;
}

const char *fc_dynlib_package(enum fc_dynlib lib)
{
	return libs[lib].package;
}

void fc_dynlib_unloaded(enum fc_dynlib lib)
{
	fprintf(stderr, "fabcheck: internal error: %s used before it was loaded\n", libs[lib].soname);
	abort();
}

/* The getters: a table once its library is loaded. */
#define FC_GETTER(name, lib, table)                                                                     \
	const struct fc_##name##_api *fc_##name(void)                                                   \
	{                                                                                               \
		if (!__atomic_load_n(&state[lib].ok, __ATOMIC_ACQUIRE))                                 \
			fc_dynlib_unloaded(lib);                                                        \
		return &table;                                                                          \
	}

FC_GETTER(curl, FC_LIB_CURL, curl_api)
FC_GETTER(ssh, FC_LIB_SSH, ssh_api)
FC_GETTER(xml, FC_LIB_XML2, xml_api)
FC_GETTER(mnl, FC_LIB_MNL, mnl_api)
FC_GETTER(nft, FC_LIB_NFT, nft_api)
FC_GETTER(iptc, FC_LIB_IPTC, iptc_api)
FC_GETTER(lldpctl, FC_LIB_LLDPCTL, lldpctl_api)
#ifdef FABCHECK_HAVE_IBVERBS
FC_GETTER(ibv, FC_LIB_IBVERBS, ibv_api)
#endif
