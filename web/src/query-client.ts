import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 5_000,
      // a refusal (4xx) will not change by asking again; outages and rate limits will
      retry: (count, error) =>
        error instanceof ApiError &&
        (error.status === 0 || error.status >= 500 || error.status === 429) &&
        count < 5,
      retryDelay: (count, error) =>
        error instanceof ApiError && error.retryAfter
          ? error.retryAfter * 1000
          : Math.min(500 * 2 ** count, 10_000),
      refetchOnWindowFocus: true,
    },
  },
});
