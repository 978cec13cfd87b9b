// The network module: `serve`'s HTTP server (cpp-httplib) and the
// OpenLineage poster of --openlineage-url (libcurl), built apart as
// hivelineage-net.so and loaded only by a command that uses one of them.
// Linked into the command line they made every run load 32 more shared
// libraries it never used (OpenSSL, GnuTLS, Kerberos, LDAP...): ~7 MB of
// memory and a slower start for a run that only analyses scripts.
#pragma once

#include <cstdio>
#include <memory>
#include <string>

#include "cli/openlineage_post.h"
#include "view/server.h"

namespace hivelineage::cli {

// What the module offers. Module and command line come from one build: the
// module is refused unless `version` and `abi` are this build's.
struct NetModule {
  const char* version;  // HIVELINEAGE_VERSION
  int abi;              // kNetModuleAbi
  PostSummary (*post_events)(const std::string& events, const PostOptions& options, const char* who, std::FILE* err);
  std::unique_ptr<view::Server> (*make_server)(view::ServedContent content, view::ServerOptions options);
};

// Raised with any change to NetModule or to the types its functions take.
inline constexpr int kNetModuleAbi = 1;

// The module: linked in when the program was (the tests, the Python package:
// net_module_entry.cc), otherwise loaded once from $HIVELINEAGE_NET_MODULE,
// the executable's folder (a build tree) or the install's
// LIBDIR/hivelineage/. Null when it cannot be, with `error` saying where it
// looked and why each failed.
const NetModule* LoadNetModule(std::string& error);

}  // namespace hivelineage::cli

// The module's one exported function (net_module_entry.cc).
extern "C" const hivelineage::cli::NetModule* hivelineage_net_module();
