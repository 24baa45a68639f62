#include "PrivilegedTransport.h"

namespace ptriage {

std::unique_ptr<PrivilegedTransport> makePrivilegedTransport()
{
#ifdef PTRIAGE_HAVE_KAUTH
    return makeKAuthTransport();
#else
    return makeDBusTransport();
#endif
}

} // namespace ptriage
