import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert } from '../ui/alert';

interface State {
  error: Error | null;
}

class Boundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return (
        <Alert tone="error" title="Something went wrong showing this page.">
          <p>Please reload the page. If it keeps happening, tell the club.</p>
        </Alert>
      );
    }
    return this.props.children;
  }
}

/** Keeps a failing page from blanking the whole site; navigating elsewhere resets it. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
