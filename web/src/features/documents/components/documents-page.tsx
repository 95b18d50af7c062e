import { usePageTitle } from '../../../lib/use-page-title';
import { useDocuments } from '../api/get-documents';
import { PageIcon } from '../../../components/ui/icons';
import { LoadStatus } from '../../../components/ui/load-failed';

export function DocumentsPage() {
  usePageTitle('Documents & Files');
  const state = useDocuments();

  return (
    <div className="page">
      <h1>Documents &amp; Files</h1>
      <p className="lead">The club's rules, handbook and forms. Each opens as a PDF in a new tab.</p>
      <LoadStatus state={state} loading="Loading documents..." failed="Failed to load documents" />
      {state.status === 'success' && state.data.length === 0 && (
        <div className="empty-state">
          <h2>No Documents Yet</h2>
        </div>
      )}
      {state.status === 'success' && state.data.length > 0 && (
        <ul className="document-grid">
          {state.data.map((doc) => (
            <li key={doc.id} className="card document-card">
              <PageIcon size={32} className="document-icon" />
              <h2 className="document-title">{doc.title}</h2>
              <p className="badge">{doc.category}</p>
              {doc.description !== '' && <p>{doc.description}</p>}
              <a className="btn btn-primary" href={doc.url} target="_blank" rel="noopener noreferrer">
                Open PDF <span className="visually-hidden">: {doc.title} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
