// Starts swagger-ui on the served OpenAPI document, arranged for a reader: the operations come
// first, right under a short introduction that links to the conventions (envelope, errors,
// limits, OAuth), which follow the operations as their own section.
(function start() {
  'use strict';

  const DOCUMENT_URL = '/v1/openapi.json';
  let conventions = '';

  /**
   * What swagger-ui is given: the document with the long prose moved out of info.description, and
   * without jsonSchemaDialect. swagger-ui 5 supports only the OpenAPI base dialect and shows a
   * warning box for any other value; the document's schemas are plain JSON Schema 2020-12, which
   * that base dialect includes, so nothing is lost in the rendering.
   */
  function forReaders(openApi) {
    const description = openApi.info.description || '';
    const firstSection = description.search(/^## /m);
    const intro = firstSection === -1 ? description : description.slice(0, firstSection).trim();
    conventions = firstSection === -1 ? '' : description.slice(firstSection).replace(/^## /gm, '### ');
    const info = { ...openApi.info, description: `${intro}\n\n[Conventions, error codes, rate limits and OAuth](#conventions) follow the operations.` };
    const rendered = { ...openApi, info };
    delete rendered.jsonSchemaDialect;
    return rendered;
  }

  /** swagger-ui's own layout, then the conventions section. */
  function operationsFirst() {
    return {
      components: {
        OperationsFirstLayout: function OperationsFirstLayout(props) {
          const React = props.React || window.React;
          const BaseLayout = props.getComponent('BaseLayout', true);
          const Markdown = props.getComponent('Markdown', true);
          return React.createElement(
            'div',
            null,
            React.createElement(BaseLayout, null),
            React.createElement(
              'section',
              { id: 'conventions', className: 'swagger-ui conventions', 'aria-labelledby': 'conventions-title' },
              React.createElement('h2', { id: 'conventions-title' }, 'Conventions, error codes and limits'),
              React.createElement(Markdown, { source: conventions }),
            ),
          );
        },
      },
    };
  }

  function showFailure(message) {
    const target = document.getElementById('swagger-ui');
    const paragraph = document.createElement('p');
    paragraph.className = 'load-failure';
    paragraph.textContent = `The API reference could not be loaded: ${message}. The raw document is at ${DOCUMENT_URL}.`;
    target.replaceChildren(paragraph);
  }

  fetch(DOCUMENT_URL, { headers: { Accept: 'application/json' } })
    .then((response) => {
      if (!response.ok) throw new Error(`GET ${DOCUMENT_URL} answered ${response.status}`);
      return response.json();
    })
    .then((openApiDocument) => {
      window.ui = window.SwaggerUIBundle({
        spec: forReaders(openApiDocument),
        dom_id: '#swagger-ui',
        deepLinking: true,
        plugins: [operationsFirst],
        layout: 'OperationsFirstLayout',
      });
    })
    .catch((error) => showFailure(error.message));
})();
