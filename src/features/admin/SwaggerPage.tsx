/** The server's OpenAPI document, rendered as collapsible tags and operations. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

interface Operation {
  summary?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { description?: string }>;
}
interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}

export default function SwaggerPage() {
  const { t } = useTranslation();
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: async () => (await fetch('/api/docs/openapi.json')).json() as Promise<OpenApiDoc>,
  });
  if (!doc.data)
    return (
      <div className="page">
        <p>{t('app.loading')}</p>
      </div>
    );
  const byTag = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, methods] of Object.entries(doc.data.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, op }]);
    }
  }
  return (
    <div className="page">
      <h1>
        {doc.data.info.title} <small className="muted">{doc.data.info.version}</small>
      </h1>
      <p className="muted">{doc.data.info.description}</p>
      {[...byTag].map(([tag, ops]) => (
        <details key={tag} className="card api-tag">
          <summary>
            <strong>{tag}</strong> <span className="muted">{t('swagger.operations', { count: ops.length })}</span>
          </summary>
          {ops.map(({ method, path, op }) => (
            <details key={`${method} ${path}`} className="api-op">
              <summary>
                <span className={`method method-${method}`}>{method.toUpperCase()}</span> <code>{path}</code>{' '}
                <span className="muted">{op.summary}</span>
              </summary>
              {op.parameters?.length ? (
                <p>
                  {t('swagger.parameters')}:{' '}
                  {op.parameters.map((p) => `${p.name} (${p.in}${p.required ? ', required' : ''})`).join(', ')}
                </p>
              ) : null}
              {op.requestBody?.content && (
                <>
                  <p>{t('swagger.request')}:</p>
                  <pre className="schema">
                    {JSON.stringify(Object.values(op.requestBody.content)[0]?.schema ?? {}, null, 2)}
                  </pre>
                </>
              )}
              <p>
                {t('swagger.responses')}:{' '}
                {Object.entries(op.responses ?? {})
                  .map(([code, r]) => `${code} ${r.description ?? ''}`)
                  .join(' · ')}
              </p>
            </details>
          ))}
        </details>
      ))}
    </div>
  );
}
