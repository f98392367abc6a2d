import { Outlet } from "@tanstack/react-router";
import { Toasts } from "../ui/toast.tsx";
import { NetBanner } from "./NetBanner.tsx";

/** Everything the app shows on every page: the network banner and the toasts. */
export function Root() {
  return (
    <div className="root">
      <NetBanner />
      <div className="root-body">
        <Outlet />
      </div>
      <Toasts />
    </div>
  );
}
