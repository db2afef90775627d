import { Component, type ErrorInfo, type ReactNode } from "react";
import { RefreshCw, TriangleAlert } from "lucide-react";
import { Button } from "./ui/button";

interface ErrorBoundaryState {
  error: Error | null;
}

/** The crash fallback: any render error below it shows this screen instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error ?? "")) };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Unhandled error in the page", error, info.componentStack);
  }

  render() {
    if (this.state.error) return <CrashScreen message={this.state.error.message} />;
    return this.props.children;
  }
}

export function CrashScreen({ message }: { message?: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <div role="alert" className="w-full max-w-md rounded-xl border border-border bg-card p-8 text-center shadow-sm">
        <div className="mx-auto mb-5 flex size-12 items-center justify-center rounded-full bg-destructive/15 text-destructive-text">
          <TriangleAlert className="size-6" aria-hidden />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight">Something went wrong</h1>
        <p className="mt-3 break-words text-muted-foreground">{message || "An unexpected error occurred."}</p>
        <Button className="mt-6" onClick={() => window.location.reload()}>
          <RefreshCw aria-hidden />
          Reload
        </Button>
      </div>
    </main>
  );
}
